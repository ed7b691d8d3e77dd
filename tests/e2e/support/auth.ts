import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { upsertUser } from "~/server/auth/users.server";
import type { Role } from "~/server/db/schema";
import { e2eDb } from "./db";

export const OWNER = { email: "owner@aurelia.test", password: "correct-horse-battery" };

/** A fresh user of the main e2e server's database (unique e-mail per call). */
export async function createUser(role: Role | null, password = "a-long-enough-password") {
  const email = `${role ?? "norole"}-${randomBytes(4).toString("hex")}@aurelia.test`;
  const { id } = await upsertUser(e2eDb(), { email, password, role });
  return { id, email, password };
}

type SignedIn = Awaited<ReturnType<typeof createUser>> & { token: string };

/** One user and session per role in each worker: see signIn. */
const workerSessions = new Map<Role | null, Promise<SignedIn>>();

/**
 * Signs a browser context in without the login form (the login form has its own tests): a real
 * session row and its cookie, as a successful sign-in would make. The user and the session are the
 * worker's own for that role, made at its first sign-in: the shared server's lists of users and
 * sessions (the Settings screen shows them) stay short however many tests run. A test that signs
 * its user out, or changes its role or password, signs in a user of its own instead
 * (createUser and signInAsUser).
 */
export async function signIn(context: BrowserContext, baseURL: string, role: Role | null = "admin") {
  let signedIn = workerSessions.get(role);
  if (!signedIn) {
    signedIn = createUser(role).then(async (user) => ({
      ...user,
      token: await createSession(e2eDb(), { userId: user.id, aal: "aal1", userAgent: "playwright", ip: "127.0.0.1" }),
    }));
    workerSessions.set(role, signedIn);
  }
  const user = await signedIn;
  await context.addCookies([
    { name: SESSION_COOKIE, value: user.token, url: baseURL, httpOnly: true, sameSite: "Lax" },
  ]);
  return user;
}
