import { describe, expect, it } from "vitest";
import { adminTitle, avatarInitials } from "./admin-nav";

describe("adminTitle", () => {
  it.each([
    ["/admin/dashboard", "Dashboard"],
    ["/admin/pages", "Pages Management"],
    ["/admin/media", "Media Library"],
    ["/admin/hero-slides/edit/3", "Hero Slides"],
    ["/admin/content", "Content Editor"],
    ["/admin/submissions", "Form Submissions"],
    ["/admin/settings", "Settings"],
    ["/admin/edit/home", "Admin Panel"],
    ["/admin/dashboardx", "Admin Panel"],
  ])("%s → %s", (path, title) => expect(adminTitle(path)).toBe(title));
});

describe("avatarInitials", () => {
  it("takes the first two letters of the e-mail, uppercased", () => {
    expect(avatarInitials("owner@aurelia.test")).toBe("OW");
    expect(avatarInitials("j.doe@x.com")).toBe("JD");
  });
  it("falls back to AD", () => {
    expect(avatarInitials("")).toBe("AD");
    expect(avatarInitials(null)).toBe("AD");
  });
});
