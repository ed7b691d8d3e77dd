/**
 * Password links and recovery codes on the database: an invitation works for 48 hours and a reset
 * link for one, each once; a changed token opens nothing; using a link ends the user's sessions;
 * "Forgot password?" answers the same for any address and is limited per address and per client;
 * an admin's invitation can be resent (the old link stops working) and revoked. Recovery codes:
 * ten, each accepted once, replaced by new ones. The clock is set, never waited for.
 */
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleSettingsAction } from "~/routes/admin/settings.server";
import type { AppServices } from "~/server/app-services";
import { hashPassword, verifyPassword } from "~/server/auth/password.server";
import {
  checkPasswordLink,
  createPasswordLink,
  LINK_LIFETIME_MS,
  pendingInvitations,
  usePasswordLink,
} from "~/server/auth/password-links.server";
import {
  passwordResetLimiters,
  RESET_LIMITS,
  requestPasswordReset,
  type PasswordResetLimiters,
} from "~/server/auth/password-mail.server";
import {
  acceptSecondFactor,
  RECOVERY_CODE_COUNT,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
} from "~/server/auth/recovery-codes.server";
import { createSession, getSessionUser, type SessionUser } from "~/server/auth/session.server";
import { confirmEnrolment, currentTotpCode, startEnrolment } from "~/server/auth/totp.server";
import { findUserByEmail, upsertUser } from "~/server/auth/users.server";
import { ContentService } from "~/server/content/content.server";
import type { Role } from "~/server/db/schema";
import { testDialect, useTestDatabase } from "../support/test-db";

// hashPassword as it is, watched: a link that opens nothing must not cost a password hash.
vi.mock("~/server/auth/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/auth/password.server")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

const HOUR = 60 * 60_000;
const PUBLIC_URL = "https://salon.example";

describe(`password links and recovery codes (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  afterEach(() => vi.useRealTimers());

  let next = 0;
  const staffMember = async (role: Role | null = "editor") => {
    const email = `staff-${++next}@aurelia.test`;
    const { id } = await upsertUser(db(), { email, password: "the-old-password", role });
    return { id, email };
  };
  const passwordIs = async (email: string, password: string) =>
    verifyPassword((await findUserByEmail(db(), email))!.password_hash, password);
  const mailsTo = (email: string) =>
    db().selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", email).execute();
  const linkIn = (text: string | null) => text!.match(/https:\/\/salon\.example\/admin\/password\/([\w-]{43})/)![1];

  function services(limiters: PasswordResetLimiters = passwordResetLimiters(db(), testDialect)) {
    return {
      db: db(),
      dialect: testDialect,
      content: new ContentService(db()),
      outbox: { kick: () => {} },
      publicUrl: PUBLIC_URL,
      logger: pino({ level: "silent" }),
      resetLimiters: limiters,
    } as unknown as AppServices;
  }

  describe("a link's life", () => {
    it("a reset link works for an hour; after that it has expired and sets nothing", async () => {
      const user = await staffMember();
      vi.useFakeTimers({ toFake: ["Date"] });
      const sent = Date.parse("2026-11-25T09:00:00Z");
      vi.setSystemTime(sent);
      const token = await createPasswordLink(db(), user.id, "reset");
      vi.setSystemTime(sent + LINK_LIFETIME_MS.reset - 60_000);
      expect(await checkPasswordLink(db(), token)).toMatchObject({ ok: true, email: user.email, purpose: "reset" });
      vi.setSystemTime(sent + LINK_LIFETIME_MS.reset + 1);
      expect(await checkPasswordLink(db(), token)).toEqual({ ok: false, reason: "expired", purpose: "reset" });
      expect(await usePasswordLink(db(), token, "a-brand-new-password")).toMatchObject({
        ok: false,
        reason: "expired",
      });
      expect(await passwordIs(user.email, "the-old-password")).toBe(true);
      expect(LINK_LIFETIME_MS.reset).toBe(HOUR);
    });

    it("an invitation works for 48 hours", async () => {
      const user = await staffMember();
      vi.useFakeTimers({ toFake: ["Date"] });
      const sent = Date.parse("2026-11-25T09:00:00Z");
      vi.setSystemTime(sent);
      const token = await createPasswordLink(db(), user.id, "invite");
      vi.setSystemTime(sent + 47 * HOUR);
      expect((await checkPasswordLink(db(), token)).ok).toBe(true);
      vi.setSystemTime(sent + 48 * HOUR + 1);
      expect(await checkPasswordLink(db(), token)).toMatchObject({ ok: false, reason: "expired" });
    });

    it("sets the password once: the same link again is refused as used", async () => {
      const user = await staffMember();
      const token = await createPasswordLink(db(), user.id, "reset");
      expect(await usePasswordLink(db(), token, "a-brand-new-password")).toMatchObject({ ok: true, userId: user.id });
      expect(await passwordIs(user.email, "a-brand-new-password")).toBe(true);
      expect(await usePasswordLink(db(), token, "yet-another-password")).toMatchObject({ ok: false, reason: "used" });
      expect(await passwordIs(user.email, "a-brand-new-password")).toBe(true);
    });

    it("two tabs posting the same link at once: one sets the password, the other is refused", async () => {
      const user = await staffMember();
      const token = await createPasswordLink(db(), user.id, "reset");
      const results = await Promise.all([
        usePasswordLink(db(), token, "first-new-password"),
        usePasswordLink(db(), token, "second-new-password"),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });

    it("a token changed by one character, or cut short, opens nothing and changes nothing", async () => {
      const user = await staffMember();
      const token = await createPasswordLink(db(), user.id, "reset");
      const changed = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
      expect(await checkPasswordLink(db(), changed)).toEqual({ ok: false, reason: "invalid" });
      expect(await usePasswordLink(db(), changed, "a-brand-new-password")).toEqual({ ok: false, reason: "invalid" });
      expect(await usePasswordLink(db(), token.slice(1), "a-brand-new-password")).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await passwordIs(user.email, "the-old-password")).toBe(true);
      expect((await checkPasswordLink(db(), token)).ok).toBe(true);
    });

    it("a made-up or used token is refused before the password is hashed (a guess costs a read, not a hash)", async () => {
      const user = await staffMember();
      const token = await createPasswordLink(db(), user.id, "reset");
      expect((await usePasswordLink(db(), token, "a-brand-new-password")).ok).toBe(true);
      vi.mocked(hashPassword).mockClear();
      expect(await usePasswordLink(db(), "A".repeat(43), "a-brand-new-password")).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await usePasswordLink(db(), token, "a-brand-new-password")).toMatchObject({ ok: false, reason: "used" });
      expect(hashPassword).not.toHaveBeenCalled();
    });

    it("using a link signs the user out everywhere", async () => {
      const user = await staffMember();
      const laptop = await createSession(db(), { userId: user.id, aal: "aal1" });
      const phone = await createSession(db(), { userId: user.id, aal: "aal1" });
      const token = await createPasswordLink(db(), user.id, "reset");
      await usePasswordLink(db(), token, "a-brand-new-password");
      expect(await getSessionUser(db(), laptop)).toBeNull();
      expect(await getSessionUser(db(), phone)).toBeNull();
    });

    it("only the newest link of a kind works", async () => {
      const user = await staffMember();
      const first = await createPasswordLink(db(), user.id, "reset");
      const second = await createPasswordLink(db(), user.id, "reset");
      expect(await checkPasswordLink(db(), first)).toEqual({ ok: false, reason: "invalid" });
      expect((await checkPasswordLink(db(), second)).ok).toBe(true);
    });
  });

  describe("Forgot password?", () => {
    beforeEach(async () => {
      await db().deleteFrom("rate_limits").execute();
    });

    it("mails a staff member a link that sets their password; an unknown address gets the same answer and no mail", async () => {
      const user = await staffMember();
      const limiters = passwordResetLimiters(db(), testDialect);
      const known = await requestPasswordReset(services(limiters), {
        email: user.email.toUpperCase(),
        ip: "203.0.113.1",
      });
      const unknown = await requestPasswordReset(services(limiters), {
        email: "nobody@aurelia.test",
        ip: "203.0.113.1",
      });
      expect(unknown.sent && known.sent).toBe(true);
      await Promise.all([known.sent && known.mailLink(), unknown.sent && unknown.mailLink()]);
      expect(await mailsTo("nobody@aurelia.test")).toHaveLength(0);
      const [mail] = await mailsTo(user.email);
      expect(mail.subject).toMatch(/^Reset your password for the .+ admin$/);
      expect(mail.text_body).toContain("the link works once, for 1 hour");
      const used = await usePasswordLink(db(), linkIn(mail.text_body), "a-brand-new-password");
      expect(used.ok).toBe(true);
    });

    it("a user without admin access gets no link, and the same answer", async () => {
      const user = await staffMember(null);
      const answer = await requestPasswordReset(services(), { email: user.email, ip: "203.0.113.2" });
      expect(answer.sent).toBe(true);
      await (answer.sent && answer.mailLink());
      expect(await mailsTo(user.email)).toHaveLength(0);
    });

    it(`sends one address at most ${RESET_LIMITS.perAccount} links an hour, answering the same past it`, async () => {
      const user = await staffMember();
      const limiters = passwordResetLimiters(db(), testDialect);
      const answers = [];
      for (let i = 0; i < RESET_LIMITS.perAccount + 2; i++) {
        answers.push(await requestPasswordReset(services(limiters), { email: user.email, ip: `198.51.100.${i + 1}` }));
      }
      expect(answers.every((a) => a.sent)).toBe(true);
      await Promise.all(answers.map((a) => a.sent && a.mailLink()));
      expect(await mailsTo(user.email)).toHaveLength(RESET_LIMITS.perAccount);
    });

    it(`refuses a client after ${RESET_LIMITS.perClient} requests an hour, whatever the addresses`, async () => {
      const limiters = passwordResetLimiters(db(), testDialect);
      const answers = [];
      for (let i = 0; i < RESET_LIMITS.perClient + 1; i++) {
        answers.push(
          await requestPasswordReset(services(limiters), { email: `guess-${i}@aurelia.test`, ip: "192.0.2.9" }),
        );
      }
      expect(answers.slice(0, -1).every((a) => a.sent)).toBe(true);
      const last = answers.at(-1)!;
      expect(last.sent).toBe(false);
      expect(!last.sent && last.retryAfterSeconds).toBeGreaterThan(0);
      expect((await requestPasswordReset(services(limiters), { email: "x@aurelia.test", ip: "192.0.2.10" })).sent).toBe(
        true,
      );
    });
  });

  describe("invitations from Settings", () => {
    async function admin(): Promise<SessionUser> {
      const { id, email } = await staffMember("admin");
      return { sessionId: "x", userId: id, email, role: "admin", aal: "aal1", needsSecondFactor: false, createdAt: "" };
    }
    const post = (user: SessionUser, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return handleSettingsAction(services(), user, form, "203.0.113.50");
    };

    it("adding a user e-mails an invitation and shows no password; the link sets it once", async () => {
      const owner = await admin();
      const answer = await post(owner, { intent: "create-user", email: "New.Editor@Aurelia.test", role: "editor" });
      expect(answer.reply).toEqual({
        intent: "create-user",
        ok: true,
        message: "Invitation sent to new.editor@aurelia.test",
      });
      const invited = (await findUserByEmail(db(), "new.editor@aurelia.test"))!;
      expect(invited.role).toBe("editor");
      expect((await pendingInvitations(db())).has(invited.id)).toBe(true);
      const [mail] = await mailsTo("new.editor@aurelia.test");
      expect(mail.text_body).toContain(`${owner.email} added you to the website admin`);
      expect(mail.text_body).toContain("for 48 hours");
      expect(await usePasswordLink(db(), linkIn(mail.text_body), "my-own-password")).toMatchObject({
        ok: true,
        purpose: "invite",
      });
      expect(await passwordIs("new.editor@aurelia.test", "my-own-password")).toBe(true);
      expect((await pendingInvitations(db())).has(invited.id)).toBe(false);
      const again = await post(owner, { intent: "resend-invitation", userId: String(invited.id) });
      expect(again.status).toBe(400);
    });

    it("resending makes a new link and the old one stops working; revoking removes the invited user", async () => {
      const owner = await admin();
      await post(owner, { intent: "create-user", email: "twice@aurelia.test", role: "admin" });
      const invited = (await findUserByEmail(db(), "twice@aurelia.test"))!;
      const resent = await post(owner, { intent: "resend-invitation", userId: String(invited.id) });
      expect(resent.reply.message).toBe("Invitation sent again to twice@aurelia.test");
      const [first, second] = await mailsTo("twice@aurelia.test");
      expect(await checkPasswordLink(db(), linkIn(first.text_body))).toEqual({ ok: false, reason: "invalid" });
      expect((await checkPasswordLink(db(), linkIn(second.text_body))).ok).toBe(true);
      const revoked = await post(owner, { intent: "revoke-invitation", userId: String(invited.id) });
      expect(revoked.reply.message).toBe("Invitation to twice@aurelia.test revoked");
      expect(await findUserByEmail(db(), "twice@aurelia.test")).toBeUndefined();
      expect(await checkPasswordLink(db(), linkIn(second.text_body))).toEqual({ ok: false, reason: "invalid" });
    });

    it("an editor cannot invite", async () => {
      const { id, email } = await staffMember("editor");
      const editor: SessionUser = {
        sessionId: "x",
        userId: id,
        email,
        role: "editor",
        aal: "aal1",
        needsSecondFactor: false,
        createdAt: "",
      };
      expect((await post(editor, { intent: "create-user", email: "sneaky@aurelia.test", role: "admin" })).status).toBe(
        403,
      );
      expect(await mailsTo("sneaky@aurelia.test")).toHaveLength(0);
    });
  });

  describe("recovery codes", () => {
    async function withTwoFactor() {
      const user = await staffMember();
      const { secret } = await startEnrolment(db(), { userId: user.id, email: user.email });
      expect(await confirmEnrolment(db(), user.id, currentTotpCode(secret))).toBe(true);
      return { ...user, secret };
    }

    it(`makes ${RECOVERY_CODE_COUNT} different codes; each is accepted once, typed any way`, async () => {
      const user = await withTwoFactor();
      const codes = await regenerateRecoveryCodes(db(), user.id);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      expect(await recoveryCodesLeft(db(), user.id)).toBe(RECOVERY_CODE_COUNT);
      expect(await acceptSecondFactor(db(), user.id, ` ${codes[0].toUpperCase()} `)).toBe("recovery");
      expect(await acceptSecondFactor(db(), user.id, codes[0])).toBeNull();
      expect(await acceptSecondFactor(db(), user.id, codes[1].replace("-", ""))).toBe("recovery");
      expect(await recoveryCodesLeft(db(), user.id)).toBe(RECOVERY_CODE_COUNT - 2);
      expect(await acceptSecondFactor(db(), user.id, currentTotpCode(user.secret))).toBe("app");
    });

    it("one user's code does not work for another", async () => {
      const first = await withTwoFactor();
      const second = await withTwoFactor();
      const [code] = await regenerateRecoveryCodes(db(), first.id);
      await regenerateRecoveryCodes(db(), second.id);
      expect(await acceptSecondFactor(db(), second.id, code)).toBeNull();
      expect(await acceptSecondFactor(db(), first.id, code)).toBe("recovery");
    });

    it("new codes replace the old: an old one is refused", async () => {
      const user = await withTwoFactor();
      const old = await regenerateRecoveryCodes(db(), user.id);
      const fresh = await regenerateRecoveryCodes(db(), user.id);
      expect(await acceptSecondFactor(db(), user.id, old[0])).toBeNull();
      expect(await acceptSecondFactor(db(), user.id, fresh[0])).toBe("recovery");
    });

    it("turning two-factor on in Settings shows the codes once; making new ones needs the password or a code", async () => {
      const user = await staffMember();
      const session: SessionUser = {
        sessionId: "x",
        userId: user.id,
        email: user.email,
        role: "editor",
        aal: "aal1",
        needsSecondFactor: false,
        createdAt: "",
      };
      const post = (fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        return handleSettingsAction(services(), session, form, "203.0.113.60");
      };
      const started = await post({ intent: "start-2fa" });
      const secret = started.reply.enrolment!.secret;
      const confirmed = await post({ intent: "confirm-2fa", code: currentTotpCode(secret) });
      const shown = confirmed.reply.recoveryCodes!;
      expect(shown).toHaveLength(RECOVERY_CODE_COUNT);
      const refused = await post({ intent: "regenerate-recovery-codes", confirmation: "not-my-password" });
      expect(refused.status).toBe(400);
      expect(refused.reply.recoveryCodes).toBeUndefined();
      expect(await acceptSecondFactor(db(), user.id, shown[0])).toBe("recovery");
      const remade = await post({ intent: "regenerate-recovery-codes", confirmation: "the-old-password" });
      expect(remade.reply.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(await acceptSecondFactor(db(), user.id, shown[1])).toBeNull();
      const off = await post({ intent: "disable-2fa", code: remade.reply.recoveryCodes![0] });
      expect(off.reply.ok).toBe(true);
      expect(await recoveryCodesLeft(db(), user.id)).toBe(0);
    });
  });
});
