import { useState } from "react";
import { data, useFetcher } from "react-router";
import { FailedSignInsCard } from "~/components/admin/failed-sign-ins";
import { AdminCard, AdminField, FieldError } from "~/components/admin/fields";
import { useReplyToast } from "~/components/admin/use-reply-toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { PROFILE_KEYS, ProfileSchema } from "~/lib/business-profile";
import { formatDateTime, timeZoneNames } from "~/lib/dates";
import { formRules } from "~/lib/forms/field-rules";
import { WEEKDAYS } from "~/lib/hours";
import { pageParam } from "~/lib/paging";
import { requestInfoContext, servicesContext } from "~/server/context";
import { requireStaff } from "~/server/auth/guard.server";
import { deviceLabel } from "~/server/auth/device-label.server";
import { pendingInvitations } from "~/server/auth/password-links.server";
import { RECOVERY_CODE_COUNT, recoveryCodesLeft } from "~/server/auth/recovery-codes.server";
import { listSessions } from "~/server/auth/session.server";
import { failedSignIns } from "~/server/auth/sign-in-history.server";
import { verifiedFactor } from "~/server/auth/totp.server";
import { listUsers } from "~/server/auth/users.server";
import type { Route } from "./+types/settings";
import { handleSettingsAction, type SettingsReply } from "./settings.server";
import { readForm } from "~/server/http/read-form.server";
import { withActionRetryAfter } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

export const headers = withActionRetryAfter;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { db, content } = args.context.get(servicesContext);
  const attemptsPage = pageParam(new URL(args.request.url).searchParams.get("attempts"));
  const [contact, settings, sessions, factor, attempts, codesLeft] = await Promise.all([
    content.getPage("contact"),
    content.getSettings(),
    listSessions(db, user.userId),
    verifiedFactor(db, user.userId),
    failedSignIns(db, user.userId, attemptsPage),
    recoveryCodesLeft(db, user.userId),
  ]);
  const isAdmin = user.role === "admin";
  const invitations = isAdmin ? await pendingInvitations(db) : new Map<number, string>();
  return {
    me: {
      id: user.userId,
      email: user.email,
      role: user.role,
      sessionId: user.sessionId,
      twoFactor: !!factor,
      recoveryCodesLeft: codesLeft,
      recoveryCodeCount: RECOVERY_CODE_COUNT,
    },
    profile: Object.fromEntries(PROFILE_KEYS.map((k) => [k, contact[k]])) as Record<
      (typeof PROFILE_KEYS)[number],
      string
    >,
    timeZone: settings.timeZone,
    settings: isAdmin ? { notifyEmail: settings.notifyEmail, confirmationEmails: settings.confirmationEmails } : null,
    timeZones: isAdmin ? timeZoneNames() : null,
    users: isAdmin ? (await listUsers(db)).map((u) => ({ ...u, invitedUntil: invitations.get(u.id) ?? null })) : null,
    sessions: sessions.map(({ user_agent, ...s }) => ({
      ...s,
      device: deviceLabel(user_agent),
      current: s.id === user.sessionId,
      id: s.id.slice(0, 8),
    })),
    attempts,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  const services = args.context.get(servicesContext);
  const { clientIp } = args.context.get(requestInfoContext);
  const form = await readForm(args.request);
  const { status, reply, retryAfterSeconds } = await handleSettingsAction(services, user, form, clientIp);
  return data(reply, {
    status,
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });
}

/** A section's form: posts with its intent, toasts the answer, shows field errors. */
function useSettingsForm(intent: string) {
  const fetcher = useFetcher<SettingsReply>({ key: intent });
  const reply = fetcher.data?.intent === intent ? fetcher.data : undefined;
  useReplyToast(reply);
  return { intent, fetcher, reply, busy: fetcher.state !== "idle", errors: reply?.fieldErrors ?? {} };
}

/** A section's form that saves: its intent, the fields, and a button that says "Saving..." while it posts. */
function SettingsForm({
  form: { intent, fetcher, busy },
  className,
  submit,
  submitClassName,
  children,
}: {
  form: ReturnType<typeof useSettingsForm>;
  className: string;
  submit: string;
  submitClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className={submitClassName}>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submit}
        </Button>
      </div>
    </fetcher.Form>
  );
}

const PROFILE = formRules(ProfileSchema);

const PROFILE_FIELDS: { key: (typeof PROFILE_KEYS)[number]; label: string; type?: string; wide?: boolean }[] = [
  { key: "business_name", label: "Business name", wide: true },
  { key: "address_line1", label: "Address" },
  { key: "address_line2", label: "Address line 2" },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "zip", label: "Zip code" },
  { key: "email", label: "Email", type: "email" },
  { key: "salon_phone", label: "Salon phone", type: "tel" },
  { key: "tel_phone", label: "Second phone", type: "tel" },
  { key: "social_instagram", label: "Instagram link", type: "url" },
  { key: "social_facebook", label: "Facebook link", type: "url" },
  { key: "social_tiktok", label: "TikTok link", type: "url" },
];

/** The week as the form lists it: Monday first, Sunday last. */
const HOURS = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

function ProfileSection({ profile }: { profile: Record<string, string> }) {
  const form = useSettingsForm("profile");
  const { errors } = form;
  return (
    <AdminCard
      title="Business profile"
      description="Name, address, phones, links and opening hours shown across the website."
    >
      <SettingsForm
        form={form}
        className="grid gap-5 sm:grid-cols-2"
        submit="Save profile"
        submitClassName="sm:col-span-2"
      >
        {PROFILE_FIELDS.map((f) => (
          <AdminField
            key={f.key}
            name={f.key}
            label={f.label}
            type={f.type ?? "text"}
            defaultValue={profile[f.key]}
            maxLength={PROFILE[f.key].maxLength}
            errors={errors[f.key]}
            className={f.wide ? "sm:col-span-2" : undefined}
          />
        ))}
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Opening hours (write "Closed" for a closed day)</legend>
          {HOURS.map((h) => (
            <AdminField
              key={h.key}
              name={h.key}
              label={h.label}
              defaultValue={profile[h.key]}
              maxLength={PROFILE[h.key].maxLength}
              errors={errors[h.key]}
            />
          ))}
          <AdminField
            name="hours_note"
            label="Note under the hours"
            defaultValue={profile.hours_note}
            maxLength={PROFILE.hours_note.maxLength}
            errors={errors.hours_note}
            className="sm:col-span-2"
          />
        </fieldset>
      </SettingsForm>
    </AdminCard>
  );
}

function NotificationSection({ settings }: { settings: { notifyEmail: string; confirmationEmails: boolean } }) {
  const form = useSettingsForm("notifications");
  return (
    <AdminCard title="Notifications" description="Where new form submissions and bookings are announced.">
      <SettingsForm form={form} className="flex flex-col gap-5" submit="Save notifications">
        <AdminField
          name="notifyEmail"
          label="Notification email"
          type="email"
          defaultValue={settings.notifyEmail}
          placeholder="Leave empty to use the business email"
          errors={form.errors.notifyEmail}
        />
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="confirmationEmails"
            defaultChecked={settings.confirmationEmails}
            className="size-4 accent-[var(--accent)]"
          />
          Send visitors a confirmation email after they submit a form
        </label>
      </SettingsForm>
    </AdminCard>
  );
}

function TimeZoneSection({ timeZone, timeZones }: { timeZone: string; timeZones: string[] }) {
  const form = useSettingsForm("time-zone");
  const { errors } = form;
  return (
    <AdminCard
      title="Time zone"
      description="The salon's clock: every date on the website, in the admin and in e-mails is shown in this zone, and booking dates are judged by it."
    >
      <SettingsForm form={form} className="flex flex-col gap-5 sm:flex-row sm:items-end" submit="Save time zone">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="time-zone" className="text-sm font-medium">
            Salon time zone
          </label>
          <select
            id="time-zone"
            name="timeZone"
            defaultValue={timeZone}
            aria-invalid={errors.timeZone?.length ? true : undefined}
            aria-describedby={errors.timeZone?.length ? "time-zone-error" : undefined}
            className="h-10 border border-border bg-surface px-2 text-sm aria-invalid:border-danger"
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <FieldError id="time-zone-error" errors={errors.timeZone} />
        </div>
      </SettingsForm>
    </AdminCard>
  );
}

type UserRow = { id: number; email: string; role: string | null; created_at: string; invitedUntil: string | null };

/** Under 640 px each user is a card (email, then its controls); from 640 px a row of a table. */
function UsersSection({ users, meId, timeZone }: { users: UserRow[]; meId: number; timeZone: string }) {
  const create = useSettingsForm("create-user");
  const role = useSettingsForm("change-role");
  const remove = useSettingsForm("remove-user");
  const resend = useSettingsForm("resend-invitation");
  const revoke = useSettingsForm("revoke-invitation");
  const now = Date.now();
  return (
    <AdminCard
      title="Users and roles"
      description="Admins manage everything; editors edit content and read submissions. A new user gets an e-mail with a link to choose their password."
      data-testid="users-section"
    >
      <table className="block w-full text-left text-sm sm:table">
        <thead className="sr-only text-xs tracking-wide text-muted-foreground uppercase sm:not-sr-only sm:table-header-group">
          <tr>
            <th className="py-2 font-medium">Email</th>
            <th className="py-2 font-medium">Role</th>
            <th className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-border sm:table-row-group">
          {users.map((u) => (
            <tr key={u.id} className="flex flex-col gap-3 py-4 sm:table-row sm:py-0">
              <td className="block min-w-0 break-words sm:table-cell sm:py-3 sm:pr-4">
                {u.email}
                {u.id === meId ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
                {u.invitedUntil ? (
                  <span className="block text-xs text-muted-foreground">
                    {Date.parse(u.invitedUntil) > now
                      ? `Invited: the link works until ${formatDateTime(u.invitedUntil, timeZone)}`
                      : "Invited: the link has expired"}
                  </span>
                ) : null}
              </td>
              <td className="block sm:table-cell sm:py-3 sm:pr-4">
                <role.fetcher.Form method="post" className="flex items-center gap-2">
                  <input type="hidden" name="intent" value="change-role" />
                  <input type="hidden" name="userId" value={u.id} />
                  <label htmlFor={`role-${u.id}`} className="sr-only">
                    Role of {u.email}
                  </label>
                  <select
                    id={`role-${u.id}`}
                    name="role"
                    defaultValue={u.role ?? "none"}
                    className="h-9 border border-border bg-surface px-2"
                    onChange={(e) => role.fetcher.submit(e.currentTarget.form)}
                  >
                    <option value="admin">Admin</option>
                    <option value="editor">Editor</option>
                    <option value="none">No access</option>
                  </select>
                </role.fetcher.Form>
              </td>
              <td className="block sm:table-cell sm:py-3 sm:text-right">
                {u.invitedUntil ? (
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    <resend.fetcher.Form method="post">
                      <input type="hidden" name="intent" value="resend-invitation" />
                      <input type="hidden" name="userId" value={u.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        aria-label={`Resend the invitation to ${u.email}`}
                      >
                        Resend
                      </Button>
                    </resend.fetcher.Form>
                    <revoke.fetcher.Form method="post">
                      <input type="hidden" name="intent" value="revoke-invitation" />
                      <input type="hidden" name="userId" value={u.id} />
                      <ConfirmSubmit
                        button={
                          <Button
                            type="submit"
                            variant="ghost"
                            size="sm"
                            aria-label={`Revoke the invitation to ${u.email}`}
                          >
                            Revoke
                          </Button>
                        }
                        title={`Revoke the invitation to ${u.email}?`}
                        description="The link in their e-mail stops working and they are removed from the users."
                        confirmLabel="Revoke invitation"
                      />
                    </revoke.fetcher.Form>
                  </div>
                ) : (
                  <remove.fetcher.Form method="post">
                    <input type="hidden" name="intent" value="remove-user" />
                    <input type="hidden" name="userId" value={u.id} />
                    <ConfirmSubmit
                      button={
                        <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${u.email}`}>
                          Remove
                        </Button>
                      }
                      title={`Remove ${u.email}?`}
                      description="They will no longer be able to sign in."
                      confirmLabel="Remove user"
                    />
                  </remove.fetcher.Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <create.fetcher.Form
        method="post"
        className="mt-6 grid gap-4 border-t border-border pt-6 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="create-user" />
        {/* Someone else's address: nothing for a password manager to fill. */}
        <AdminField
          name="email"
          label="New user's email"
          type="email"
          autoComplete="off"
          required
          errors={create.errors.email}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-user-role" className="text-sm font-medium">
            Role
          </label>
          <select
            id="new-user-role"
            name="role"
            defaultValue="editor"
            className="h-10 border border-border bg-surface px-2 text-sm"
          >
            <option value="editor">Editor</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <Button type="submit" disabled={create.busy}>
          {create.busy ? "Sending..." : "Send invitation"}
        </Button>
      </create.fetcher.Form>
      {create.reply?.ok ? (
        <p role="status" className="mt-4 border-l-2 border-accent bg-accent-soft px-4 py-3 text-sm">
          {create.reply.message}. The link works once, for 48 hours.
        </p>
      ) : null}
    </AdminCard>
  );
}

/** Recovery codes, shown once: to copy, download as a text file or write down. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Recovery codes for the salon's admin. Each works once instead of a code from your app.\n\n${codes.join("\n")}\n`;
  return (
    <div role="status" className="flex flex-col gap-4 border-l-2 border-accent bg-accent-soft px-4 py-4 text-sm">
      <p>
        <strong>Your recovery codes.</strong> Keep them somewhere safe: each one signs you in once if you lose your
        phone. They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Download as text
        </a>
      </div>
    </div>
  );
}

function AccountSection({
  me,
  sessions,
  timeZone,
}: {
  me: { email: string; twoFactor: boolean; recoveryCodesLeft: number; recoveryCodeCount: number };
  timeZone: string;
  sessions: {
    id: string;
    created_at: string;
    last_seen_at: string;
    device: string;
    ip: string | null;
    current: boolean;
  }[];
}) {
  const password = useSettingsForm("change-password");
  const start = useSettingsForm("start-2fa");
  const confirm = useSettingsForm("confirm-2fa");
  const disable = useSettingsForm("disable-2fa");
  const others = useSettingsForm("sign-out-others");
  const regenerate = useSettingsForm("regenerate-recovery-codes");
  // The codes just made (turning two-factor on, or new ones), shown until the page is left.
  const newCodes = regenerate.reply?.recoveryCodes ?? confirm.reply?.recoveryCodes;
  const codesLeft = newCodes ? newCodes.length : me.recoveryCodesLeft;
  const enrolment = start.reply?.enrolment && !confirm.reply?.ok ? start.reply.enrolment : undefined;
  const twoFactorOn = (me.twoFactor || confirm.reply?.ok) && !disable.reply?.ok;
  return (
    <>
      <AdminCard title="Password" description={`Signed in as ${me.email}.`}>
        <SettingsForm
          form={password}
          className="grid gap-4 sm:grid-cols-3 sm:items-start"
          submit="Change password"
          submitClassName="sm:col-span-3"
        >
          {/* Tells a password manager whose password this is, so it updates the right entry. */}
          <input type="email" name="username" autoComplete="username" value={me.email} readOnly hidden />
          <AdminField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            errors={password.errors.currentPassword}
          />
          <AdminField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            errors={password.errors.newPassword}
          />
          <AdminField
            name="confirmPassword"
            label="Repeat new password"
            type="password"
            autoComplete="new-password"
            required
            errors={password.errors.confirmPassword}
          />
        </SettingsForm>
      </AdminCard>

      <AdminCard
        title="Two-factor authentication"
        description="Ask for a code from an authenticator app after the password."
        data-testid="two-factor"
      >
        {twoFactorOn ? (
          <div className="flex flex-col gap-6">
            <p className="text-sm">
              <span className="font-medium text-success">On.</span> You are asked for a code at every sign-in.
            </p>
            {newCodes ? <RecoveryCodes codes={newCodes} /> : null}
            <regenerate.fetcher.Form method="post" className="flex flex-col gap-4 border-t border-border pt-6">
              <p className="text-sm" data-testid="recovery-codes-left">
                <span className="font-medium">Recovery codes:</span> {codesLeft} of {me.recoveryCodeCount} left. Making
                new ones replaces them all.
              </p>
              <input type="hidden" name="intent" value="regenerate-recovery-codes" />
              <div className="flex flex-wrap items-end gap-4">
                <AdminField
                  name="confirmation"
                  label="Your password or a current code"
                  type="password"
                  autoComplete="current-password"
                  required
                  errors={regenerate.errors.confirmation}
                />
                <Button type="submit" variant="outline" disabled={regenerate.busy}>
                  Make new recovery codes
                </Button>
              </div>
            </regenerate.fetcher.Form>
            <disable.fetcher.Form method="post" className="flex flex-wrap items-end gap-4 border-t border-border pt-6">
              <input type="hidden" name="intent" value="disable-2fa" />
              <AdminField
                name="code"
                label="Current code or a recovery code"
                autoComplete="one-time-code"
                required
                errors={disable.errors.code}
              />
              <Button type="submit" variant="outline" disabled={disable.busy}>
                Turn off
              </Button>
            </disable.fetcher.Form>
          </div>
        ) : enrolment ? (
          <div className="flex flex-col gap-6 sm:flex-row">
            <div
              className="size-48 shrink-0 bg-white p-2"
              role="img"
              aria-label="QR code for your authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <confirm.fetcher.Form method="post" className="flex flex-col gap-4">
              <p className="text-sm">
                Scan the code with an authenticator app, or enter this key:{" "}
                <code className="font-mono text-xs break-all" data-testid="totp-secret">
                  {enrolment.secret}
                </code>
              </p>
              <input type="hidden" name="intent" value="confirm-2fa" />
              <AdminField
                name="code"
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                errors={confirm.errors.code}
              />
              <div>
                <Button type="submit" disabled={confirm.busy}>
                  Verify and turn on
                </Button>
              </div>
            </confirm.fetcher.Form>
          </div>
        ) : (
          <start.fetcher.Form method="post">
            <p className="mb-4 text-sm">
              <span className="font-medium">Off.</span> Add an authenticator app to protect your account.
            </p>
            <input type="hidden" name="intent" value="start-2fa" />
            <Button type="submit" disabled={start.busy}>
              Set up authenticator app
            </Button>
          </start.fetcher.Form>
        )}
      </AdminCard>

      <AdminCard title="Active sessions" description="Where your account is signed in." data-testid="sessions">
        <ul className="divide-y divide-border text-sm">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
              <span className="min-w-0 break-words">
                {s.device}
                {s.current ? <span className="ml-2 text-xs font-medium text-accent">This session</span> : null}
              </span>
              <span className="text-muted-foreground">Last active {formatDateTime(s.last_seen_at, timeZone)}</span>
            </li>
          ))}
        </ul>
        <others.fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="outline" disabled={others.busy || sessions.length < 2}>
            Sign out other sessions
          </Button>
        </others.fetcher.Form>
      </AdminCard>
    </>
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { me, profile, settings, users, sessions, timeZone, timeZones, attempts } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <ProfileSection profile={profile} />
      {settings ? <NotificationSection settings={settings} /> : null}
      {timeZones ? <TimeZoneSection timeZone={timeZone} timeZones={timeZones} /> : null}
      {users ? <UsersSection users={users} meId={me.id} timeZone={timeZone} /> : null}
      <AccountSection me={me} sessions={sessions} timeZone={timeZone} />
      <FailedSignInsCard attempts={attempts} timeZone={timeZone} />
    </div>
  );
}
