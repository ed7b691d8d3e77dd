/**
 * One-time messages carried across a redirect (the toast after sign-in or sign-out) in a short-lived
 * cookie that the next page reads and clears.
 */
export interface Flash {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

const COOKIE = "salon_flash";

export function flashCookie(flash: Flash, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${secure ? "; Secure" : ""}`;
}

export function clearFlashCookie(secure: boolean): string {
  return `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export function readFlash(request: Request): Flash | null {
  const match = request.headers.get("cookie")?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=([A-Za-z0-9_-]+)`));
  if (!match) return null;
  try {
    const parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")) as Flash;
    return typeof parsed.title === "string" ? parsed : null;
  } catch {
    return null;
  }
}
