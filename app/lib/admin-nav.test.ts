import { describe, expect, it } from "vitest";
import { ADMIN_NAV, adminTitle, avatarInitials, isNavItemActive, navFor } from "./admin-nav";

describe("adminTitle", () => {
  it.each([
    ["/admin/dashboard", "Dashboard"],
    ["/admin/pages", "Pages Management"],
    ["/admin/media", "Media Library"],
    ["/admin/hero-slides/edit/3", "Hero Slides"],
    ["/admin/submissions", "Form Submissions"],
    ["/admin/bookings", "Bookings"],
    ["/admin/settings", "Settings"],
    ["/admin/bookings/settings", "Booking settings"],
    ["/admin/staff/4", "Staff"],
    ["/admin/reports", "Reports"],
    ["/admin/suites/units/3", "Suites"],
    ["/admin/clients/7", "Clients"],
    ["/admin/edit/home", "Pages Management"],
    ["/admin/editor", "Admin Panel"],
    ["/admin/dashboardx", "Admin Panel"],
  ])("%s → %s", (path, title) => expect(adminTitle(path)).toBe(title));
});

describe("the sidebar", () => {
  it("has one entry per screen", () => {
    const targets = ADMIN_NAV.map((item) => item.to);
    expect(new Set(targets).size).toBe(targets.length);
    expect(new Set(ADMIN_NAV.map((item) => item.label)).size).toBe(ADMIN_NAV.length);
    expect(targets).not.toContain("/admin/content");
  });

  it.each([
    ["/admin/pages", "Pages"],
    ["/admin/edit/home", "Pages"],
    ["/admin/edit/service/hair", "Pages"],
    ["/admin/hero-slides/edit/3", "Hero Slides"],
    ["/admin/submissions/12", "Form Submissions"],
    ["/admin/bookings", "Bookings"],
    ["/admin/settings/", "Settings"],
    ["/admin/bookings/settings", "Booking settings"],
    ["/admin/clients/7", "Clients"],
    ["/admin/suites/types/new", "Suites"],
  ])("%s marks %s, and only it", (path, label) => {
    expect(ADMIN_NAV.filter((item) => isNavItemActive(item, path)).map((item) => item.label)).toEqual([label]);
  });

  it("shows Staff, Booking settings, Suites and Reports to admins only (editors get 403 there)", () => {
    expect(navFor("admin")).toEqual([...ADMIN_NAV]);
    expect(navFor("editor").map((item) => item.label)).not.toContain("Staff");
    expect(navFor("editor").map((item) => item.label)).not.toContain("Booking settings");
    expect(navFor("editor").map((item) => item.label)).not.toContain("Reports");
    expect(navFor("editor").map((item) => item.label)).not.toContain("Suites");
    expect(navFor("editor")).toHaveLength(ADMIN_NAV.length - 4);
  });

  it("marks nothing for a path of no screen", () => {
    expect(ADMIN_NAV.filter((item) => isNavItemActive(item, "/admin/editor"))).toEqual([]);
  });
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
