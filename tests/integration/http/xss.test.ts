/**
 * Injection payloads in every field a visitor controls, over HTTP: the form API stores them (they
 * are text, not errors), and the CSV export neutralises the ones a spreadsheet would run as a
 * formula. That they render inert in the pages is checked in the browser (tests/e2e/security-xss).
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { postHostileSubmissions, type HostileSubmission } from "../../support/hostile-submissions";
import { testDialect } from "../../support/test-db";
import { useTestServer } from "../../support/test-server";
import { FORMULA_PAYLOADS } from "../../support/xss-payloads";

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): { raw: string; value: string }[][] {
  const rows: { raw: string; value: string }[][] = [];
  let row: { raw: string; value: string }[] = [];
  let i = 0;
  while (i < text.length) {
    let value = "";
    let raw = "";
    if (text[i] === '"') {
      const start = i;
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quote");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      raw = text.slice(start, i);
    } else {
      const start = i;
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") i++;
      raw = value = text.slice(start, i);
    }
    row.push({ raw, value });
    if (text[i] === ",") i++;
    else {
      if (text[i] === "\r") i++;
      if (text[i] === "\n") i++;
      rows.push(row);
      row = [];
    }
  }
  if (row.length) rows.push(row);
  return rows;
}

describe(`payloads in every submission field (${testDialect})`, () => {
  const server = useTestServer();
  const tag = randomBytes(4).toString("hex");
  let created: HostileSubmission[] = [];

  it("are accepted and stored by the form API, every form type", async () => {
    created = await postHostileSubmissions(server().url, tag);
    for (const c of created) expect(c.status, `${c.formType}: ${c.text}`).toBe(200);
    expect(created.map((c) => c.formType)).toEqual([
      "Contact",
      "appointment_request",
      "Booking",
      "Newsletter",
      "Suite Application",
    ]);
  });

  it("are neutralised in the CSV export: no cell starts a formula", async () => {
    expect(created).toHaveLength(5);
    const response = await server().fetch("/admin/export/submissions.csv", { as: "admin" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const rows = parseCsv(text);
    const ours = rows.filter((row) => row.some((cell) => cell.value.includes(tag)));
    expect(ours).toHaveLength(created.length);
    for (const row of rows) {
      for (const cell of row) {
        expect(cell.value, `cell ${cell.raw.slice(0, 80)}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    // The formula payloads are all there, each behind an apostrophe.
    const cells = ours.flat().map((c) => c.value);
    for (const formula of [
      "-2+3",
      "=cmd|' /C calc'!A0",
      "@SUM(1+1)",
      "+1 (713) 555-0100",
      "-713-555-0100",
      `-2+3-${tag}@example.com`,
    ]) {
      expect(cells, formula).toContain(`'${formula}`);
    }
    expect(FORMULA_PAYLOADS.length).toBeGreaterThan(0);
  });
});
