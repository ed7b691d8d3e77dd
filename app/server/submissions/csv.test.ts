import { describe, expect, it } from "vitest";
import { contactSubmissionRow } from "../../../tests/support/submission-rows";
import type { FormSubmissionRow } from "../db/schema";
import { CSV_BOM, CSV_HEADERS, csvCell, csvRow, exportFileName, neutralizeFormula, submissionsCsv } from "./csv.server";

/** A minimal RFC 4180 reader, to check that what we write reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const row = (overrides: Partial<FormSubmissionRow>): FormSubmissionRow => ({
  ...contactSubmissionRow(),
  id: 1,
  page_path: "/contact",
  referrer: null,
  utm: null,
  client_ip: "203.0.113.5",
  user_agent: "Mozilla/5.0",
  client_id: null,
  applicant_stage: null,
  applicant_stage_at: null,
  ...overrides,
});

describe("spreadsheet-safe cells", () => {
  it("puts an apostrophe before a cell that a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutralizeFormula(`${start}HYPERLINK("http://evil.example")`)).toBe(
        `'${start}HYPERLINK("http://evil.example")`,
      );
    }
    expect(neutralizeFormula("Jane = Doe")).toBe("Jane = Doe");
    expect(neutralizeFormula("")).toBe("");
  });

  it("quotes cells with commas, quotes, line breaks or edge spaces, doubling inner quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
    // Neutralised and quoted: the apostrophe sits inside the quotes.
    expect(csvCell('=1+2,"x"')).toBe(`"'=1+2,""x"""`);
    expect(csvCell("\tTAB")).toBe("'\tTAB");
    expect(csvCell("\rCR")).toBe(`"'\rCR"`);
  });

  it("ends every row with CRLF", () => {
    expect(csvRow(["a", null, 3])).toBe("a,,3\r\n");
  });
});

describe("the submissions CSV", () => {
  it("starts with a UTF-8 BOM and the header, then one line per row that reads back to its cells", async () => {
    const rows = [
      row({
        id: 7,
        name: "=cmd|' /C calc'!A0",
        message: 'Hello, "team"\nSecond line',
        phone: "+1 713 555 0142",
        service: "facial",
      }),
      row({
        id: 6,
        form_type: "Suite Application",
        name: "Zoë Müller",
        email: "zoe@example.com",
        status: "archived",
        details: JSON.stringify({
          address: "1 Main St",
          city: "Houston",
          howFoundOut: "social-media",
          suiteSizes: ["Small Suites", "Hair Stations"],
          professionalLicenseId: "@TX-1",
        }),
        utm: JSON.stringify({ utm_source: "google", utm_campaign: "spring" }),
      }),
      row({
        id: 5,
        form_type: "Booking",
        service: "Balayage",
        preferred_date: "2026-12-01",
        preferred_time: "2:00 PM",
      }),
    ];
    const text = await submissionsCsv(rows, "America/Chicago");
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const table = parseCsv(text.slice(1));
    expect(table).toHaveLength(4);
    expect(table[0]).toEqual(CSV_HEADERS);
    const cell = (r: number, header: string) => table[r][CSV_HEADERS.indexOf(header)];

    expect(cell(1, "ID")).toBe("7");
    expect(cell(1, "Name")).toBe("'=cmd|' /C calc'!A0");
    expect(cell(1, "Message")).toBe('Hello, "team"\nSecond line');
    expect(cell(1, "Phone")).toBe("'+1 713 555 0142");
    expect(cell(1, "Service")).toBe("Facial Treatments");
    expect(cell(1, "Form type")).toBe("Contact");
    expect(cell(1, "Status")).toBe("New");
    // 15:04 UTC is 9:04 AM in Houston in November.
    expect(cell(1, "Submitted (Central time)")).toBe("11/23/2026 9:04 AM");
    expect(cell(1, "Submitted (UTC)")).toBe("2026-11-23T15:04:00.000Z");

    expect(cell(2, "Name")).toBe("Zoë Müller");
    expect(cell(2, "Form type")).toBe("Suite Application");
    expect(cell(2, "Status")).toBe("Archived");
    expect(cell(2, "City")).toBe("Houston");
    expect(cell(2, "How they heard about us")).toBe("Social Media");
    expect(cell(2, "Suite sizes")).toBe("Small Suites, Hair Stations");
    expect(cell(2, "Professional License ID")).toBe("'@TX-1");
    expect(cell(2, "UTM")).toBe("utm_source=google; utm_campaign=spring");

    expect(cell(3, "Preferred date")).toBe("2026-12-01");
    expect(cell(3, "Preferred time")).toBe("2:00 PM");
    expect(cell(3, "City")).toBe("");
    // No visitor IPs or browsers in a file that gets passed around.
    expect(CSV_HEADERS.filter((h) => /\bIP\b|browser|agent/i.test(h))).toEqual([]);
  });

  it("writes the first date and its heading in the salon's time zone, and names the file by its date", async () => {
    const text = await submissionsCsv([row({ id: 1, created_at: "2026-11-23T15:04:00.000Z" })], "Pacific/Auckland");
    const [header, first] = parseCsv(text.slice(1));
    expect(header[1]).toBe("Submitted (New Zealand time)");
    expect(first[1]).toBe("11/24/2026 4:04 AM");
    expect(first[2]).toBe("2026-11-23T15:04:00.000Z");
    const now = new Date("2026-11-23T15:04:00.000Z");
    expect(exportFileName({ view: "inbox", type: null }, "Pacific/Auckland", now)).toBe("submissions-2026-11-24.csv");
  });

  it("is just the header for no rows", async () => {
    expect(await submissionsCsv([], "America/Chicago")).toBe(CSV_BOM + csvRow(CSV_HEADERS));
  });

  it("names the file by date, view and type", () => {
    const now = new Date("2026-11-24T03:00:00Z"); // still the 23rd in Houston
    expect(exportFileName({ view: "inbox", type: null }, "America/Chicago", now)).toBe("submissions-2026-11-23.csv");
    expect(exportFileName({ view: "archived", type: "Suite Application" }, "America/Chicago", now)).toBe(
      "submissions-archived-suite-application-2026-11-23.csv",
    );
  });
});
