/**
 * Admin sessions on the server: the cookie's token finds its user, role and assurance level; a
 * session ends after 12 idle hours or 14 days after sign-in, whichever comes first (a request
 * renews the idle window once the last renewal is five minutes old); it can be ended here, on
 * every other device, or everywhere. The clock is set, never waited for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ABSOLUTE_MS,
  createSession,
  getSessionUser,
  hashToken,
  IDLE_MS,
  listSessions,
  signOut,
  upgradeSessionToAal2,
} from "~/server/auth/session.server";
import { confirmEnrolment, currentTotpCode, removeFactors, startEnrolment } from "~/server/auth/totp.server";
import { upsertUser } from "~/server/auth/users.server";
import type { Role } from "~/server/db/schema";
import { testDialect, useTestDatabase } from "../support/test-db";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SIGNED_IN = Date.parse("2026-11-25T09:00:00Z");

describe(`admin sessions (${testDialect})`, () => {
  const testDb = useTestDatabase();
  const db = () => testDb().db;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(SIGNED_IN);
  });
  afterEach(() => vi.useRealTimers());

  const staffMember = async (email: string, role: Role | null = "editor") =>
    (await upsertUser(db(), { email, password: "a-long-enough-password", role })).id;
  const signIn = (userId: number, device: { userAgent?: string | null; ip?: string | null } = {}) =>
    createSession(db(), { userId, aal: "aal1", ...device });
  /** Whether a request with this token at that time is signed in. */
  const signedInAt = async (token: string, time: number) => {
    vi.setSystemTime(time);
    return (await getSessionUser(db(), token)) !== null;
  };

  it("the cookie's token finds its user, role and assurance level; no token or an unknown one finds nobody", async () => {
    const editor = await staffMember("editor@aurelia.test");
    const token = await signIn(editor);
    expect(await getSessionUser(db(), token)).toEqual({
      sessionId: hashToken(token),
      userId: editor,
      email: "editor@aurelia.test",
      role: "editor",
      aal: "aal1",
      needsSecondFactor: false,
      createdAt: new Date(SIGNED_IN).toISOString(),
    });
    expect((await getSessionUser(db(), await signIn(await staffMember("admin@aurelia.test", "admin"))))?.role).toBe(
      "admin",
    );
    // An account whose role was taken away is still found, with no role: the guard signs it out.
    expect((await getSessionUser(db(), await signIn(await staffMember("former@aurelia.test", null))))?.role).toBeNull();
    expect(await getSessionUser(db(), null)).toBeNull();
    expect(await getSessionUser(db(), "x".repeat(43))).toBeNull();
  });

  it("keeps only the token's SHA-256: the stored session cannot be used as a cookie", async () => {
    const token = await signIn(await staffMember("hash@aurelia.test"));
    const [row] = await db().selectFrom("sessions").select("id").where("id", "=", hashToken(token)).execute();
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(row.id).not.toContain(token);
    expect(await getSessionUser(db(), row.id)).toBeNull();
  });

  it("a user with a confirmed authenticator must give a code: the session needs it until it is upgraded", async () => {
    const userId = await staffMember("two-factor@aurelia.test");
    const token = await signIn(userId);
    const { secret } = await startEnrolment(db(), { userId, email: "two-factor@aurelia.test" });
    // Enrolment started but not confirmed: no code is asked for yet.
    expect(await getSessionUser(db(), token)).toMatchObject({ needsSecondFactor: false, aal: "aal1" });
    expect(await confirmEnrolment(db(), userId, currentTotpCode(secret))).toBe(true);
    expect(await getSessionUser(db(), token)).toMatchObject({ needsSecondFactor: true, aal: "aal1" });
    await upgradeSessionToAal2(db(), hashToken(token));
    expect(await getSessionUser(db(), token)).toMatchObject({ needsSecondFactor: true, aal: "aal2" });
    await removeFactors(db(), userId);
    expect(await getSessionUser(db(), token)).toMatchObject({ needsSecondFactor: false });
  });

  it("ends after 12 idle hours, and for good: the ended session is no longer listed", async () => {
    const userId = await staffMember("idle@aurelia.test");
    const quiet = await signIn(userId);
    const idle = await signIn(userId);
    expect(await signedInAt(quiet, SIGNED_IN + IDLE_MS - 1)).toBe(true);
    expect(await signedInAt(idle, SIGNED_IN + IDLE_MS)).toBe(false);
    expect((await listSessions(db(), userId)).map((s) => s.id)).toEqual([hashToken(quiet)]);
    // The clock going back does not bring it back.
    expect(await signedInAt(idle, SIGNED_IN)).toBe(false);
  });

  it("a request renews the idle window once the last renewal is five minutes old, not before", async () => {
    const userId = await staffMember("renew@aurelia.test");
    const renewed = await signIn(userId);
    const notYet = await signIn(userId);
    expect(await signedInAt(renewed, SIGNED_IN + 5 * MINUTE)).toBe(true);
    expect(await signedInAt(notYet, SIGNED_IN + 5 * MINUTE - 1)).toBe(true);
    expect(await signedInAt(renewed, SIGNED_IN + IDLE_MS)).toBe(true);
    expect(await signedInAt(notYet, SIGNED_IN + IDLE_MS)).toBe(false);
  });

  it("ends 14 days after sign-in however active it is", async () => {
    const token = await signIn(await staffMember("busy@aurelia.test"));
    for (let time = SIGNED_IN; time < SIGNED_IN + ABSOLUTE_MS; time += 11 * HOUR) {
      expect(await signedInAt(token, time), new Date(time).toISOString()).toBe(true);
    }
    expect(await signedInAt(token, SIGNED_IN + ABSOLUTE_MS - 1)).toBe(true);
    expect(await signedInAt(token, SIGNED_IN + ABSOLUTE_MS)).toBe(false);
  });

  it("signs out here only, every other session, or everywhere; another user's sessions stay", async () => {
    const ada = await staffMember("ada@aurelia.test");
    const grace = await staffMember("grace@aurelia.test");
    const [laptop, phone, tablet] = [await signIn(ada), await signIn(ada), await signIn(ada)];
    const graces = await signIn(grace);
    const alive = async (...tokens: string[]) =>
      Promise.all(tokens.map(async (t) => (await getSessionUser(db(), t)) !== null));

    await signOut(db(), { userId: ada, sessionId: hashToken(laptop) }, "local");
    expect(await alive(laptop, phone, tablet, graces)).toEqual([false, true, true, true]);
    await signOut(db(), { userId: ada, sessionId: hashToken(phone) }, "others");
    expect(await alive(phone, tablet, graces)).toEqual([true, false, true]);
    const desktop = await signIn(ada);
    await signOut(db(), { userId: ada, sessionId: hashToken(phone) }, "global");
    expect(await alive(phone, desktop, graces)).toEqual([false, false, true]);
    const again = await signIn(ada);
    await signOut(db(), { userId: ada, sessionId: hashToken(again) });
    expect(await alive(again, graces)).toEqual([false, true]);
  });

  it("lists a user's own sessions, last active first, with the browser cut to 300 characters and the address", async () => {
    const userId = await staffMember("list@aurelia.test");
    await signIn(await staffMember("someone-else@aurelia.test"));
    const first = await signIn(userId, { userAgent: "B".repeat(500), ip: "203.0.113.1" });
    vi.setSystemTime(SIGNED_IN + HOUR);
    const second = await signIn(userId);
    expect(await listSessions(db(), userId)).toEqual([
      {
        id: hashToken(second),
        created_at: new Date(SIGNED_IN + HOUR).toISOString(),
        last_seen_at: new Date(SIGNED_IN + HOUR).toISOString(),
        user_agent: null,
        ip: null,
        aal: "aal1",
      },
      {
        id: hashToken(first),
        created_at: new Date(SIGNED_IN).toISOString(),
        last_seen_at: new Date(SIGNED_IN).toISOString(),
        user_agent: "B".repeat(300),
        ip: "203.0.113.1",
        aal: "aal1",
      },
    ]);
    // A request on the first makes it the last active.
    expect(await signedInAt(first, SIGNED_IN + 2 * HOUR)).toBe(true);
    expect((await listSessions(db(), userId)).map((s) => s.id)).toEqual([hashToken(first), hashToken(second)]);
  });
});
