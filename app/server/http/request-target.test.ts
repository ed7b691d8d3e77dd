import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { isValidHost, namesValidHosts, parseRequestTarget } from "./request-target.server";

describe("parseRequestTarget", () => {
  it("splits a path from its query once, keeping both as sent", () => {
    expect(parseRequestTarget("/")).toEqual({ path: "/", query: null });
    expect(parseRequestTarget("/api/availability?service=hair&date=2026-12-01")).toEqual({
      path: "/api/availability",
      query: "service=hair&date=2026-12-01",
    });
    expect(parseRequestTarget("/about?")).toEqual({ path: "/about", query: "" });
    expect(parseRequestTarget("/a?b?c=/d")).toEqual({ path: "/a", query: "b?c=/d" });
    expect(parseRequestTarget("/caf%C3%A9/%2e%2e/%00")).toEqual({ path: "/caf%C3%A9/%2e%2e/%00", query: null });
  });

  it("reads a target that starts with // as a path, never as a host", () => {
    expect(parseRequestTarget("//")).toEqual({ path: "//", query: null });
    expect(parseRequestTarget("//x:99999")).toEqual({ path: "//x:99999", query: null });
    expect(parseRequestTarget("//[")).toEqual({ path: "//[", query: null });
    expect(parseRequestTarget("//evil.example/api/availability?service=hair")).toEqual({
      path: "//evil.example/api/availability",
      query: "service=hair",
    });
  });

  it("leaves a query's escapes to whoever reads them", () => {
    expect(parseRequestTarget("/api/submit-form?%zz")).toEqual({ path: "/api/submit-form", query: "%zz" });
  });

  it.each([
    [undefined],
    [""],
    ["*"],
    ["http://evil.example/"],
    ["https://127.0.0.1/api/submit-form"],
    ["example.com:443"],
    ["/\\"],
    ["/\\evil.example/"],
    ["//%zz"],
    ["/book/%E0%A4%A"],
    ["/%c0%af"],
    ["/%"],
    ["/about#top"],
    ["/?q=a#b"],
  ])("refuses %j", (target) => {
    expect(parseRequestTarget(target)).toBeNull();
  });
});

describe("isValidHost", () => {
  it.each([
    ["localhost"],
    ["127.0.0.1:4100"],
    ["salon.example"],
    ["[::1]"],
    ["[::1]:443"],
    ["xn--caf-dma.example:65535"],
    [undefined],
  ])("accepts %j", (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([[""], ["["], ["[::1"], ["[zz]"], ["x:99999"], ["x:"], ["a/b:99999"], ["a b"], ["user@host"], ["x:1:2"]])(
    "refuses %j",
    (host) => {
      expect(isValidHost(host)).toBe(false);
    },
  );
});

describe("namesValidHosts", () => {
  const withHeaders = (headers: IncomingMessage["headers"]) => ({ headers }) as IncomingMessage;

  it("checks the Host and every host a proxy forwarded", () => {
    expect(namesValidHosts(withHeaders({ host: "127.0.0.1:4100" }))).toBe(true);
    expect(
      namesValidHosts(withHeaders({ host: "127.0.0.1", "x-forwarded-host": "salon.example, proxy.local:8080" })),
    ).toBe(true);
    expect(namesValidHosts(withHeaders({ host: "x:99999" }))).toBe(false);
    expect(namesValidHosts(withHeaders({ host: "127.0.0.1", "x-forwarded-host": "x:99999" }))).toBe(false);
    expect(namesValidHosts(withHeaders({ host: "127.0.0.1", "x-forwarded-host": "a, b:99999" }))).toBe(false);
    expect(namesValidHosts(withHeaders({ host: "127.0.0.1", "x-forwarded-host": "[" }))).toBe(false);
  });
});
