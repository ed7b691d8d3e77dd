import { describe, expect, it } from "vitest";
import { contactDefaults } from "~/content/contact";
import { confirmationMail, escapeHtml, notificationMail, type SubmissionFields } from "./submission-mail.server";

const base: SubmissionFields = {
  id: 42,
  form_type: "Contact",
  name: 'Eve <script>alert("x")</script>',
  email: "eve@example.com",
  phone: "(713) 555-0100",
  service: "facial",
  message: "Line one & <b>bold</b>\nLine two",
  page_path: "/contact",
  created_at: "2026-11-23T15:04:00.000Z",
};

describe("the staff notification", () => {
  it("lists every field in the text part and links to the submission", () => {
    const mail = notificationMail(base, {
      businessName: "Aurelia",
      publicUrl: "https://salon.example",
      timeZone: "America/Chicago",
    });
    expect(mail.subject).toBe('New contact from Eve <script>alert("x")</script>');
    expect(mail.text).toContain("Name: Eve <script>");
    expect(mail.text).toContain("Email: eve@example.com");
    expect(mail.text).toContain("Phone: (713) 555-0100");
    expect(mail.text).toContain("Service: Facial Treatments");
    expect(mail.text).toContain("Submitted: Nov 23, 2026 at 9:04 AM");
    expect(mail.text).toContain("Message:\nLine one & <b>bold</b>\nLine two");
    expect(mail.text).toContain("https://salon.example/admin/submissions/42");
  });

  it("escapes every visitor value in the HTML part", () => {
    const { html } = notificationMail(base, {
      businessName: "Aurelia & Co",
      publicUrl: "https://salon.example",
      timeZone: "America/Chicago",
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Line one &amp; &lt;b&gt;bold&lt;/b&gt;<br>Line two");
    expect(html).toContain("Aurelia &amp; Co");
    expect(html).toContain('href="https://salon.example/admin/submissions/42"');
  });

  it("includes a suite application's details, prose in full", () => {
    const mail = notificationMail(
      {
        ...base,
        form_type: "Suite Application",
        message: null,
        details: JSON.stringify({
          businessName: "Glow LLC",
          servicesProvided: "Lashes\nBrows",
          suiteSizes: ["Small Suites"],
        }),
      },
      { businessName: "Aurelia", publicUrl: "https://salon.example", timeZone: "America/Chicago" },
    );
    expect(mail.subject).toContain("New suite application from");
    expect(mail.text).toContain("Business Name: Glow LLC");
    expect(mail.text).toContain("Services Provided:\nLashes\nBrows");
    expect(mail.text).toContain("Suite sizes: Small Suites");
  });

  it("keeps a subject on one line", () => {
    const mail = notificationMail(
      { ...base, name: "Eve\r\nBcc: x@example.com" },
      { businessName: "A", publicUrl: "https://s.example", timeZone: "America/Chicago" },
    );
    expect(mail.subject).toBe("New contact from Eve Bcc: x@example.com");
  });
});

describe("the visitor's confirmation", () => {
  it("promises an answer within 24 hours and gives the business's contact details, echoing no free text", () => {
    const mail = confirmationMail(base, contactDefaults);
    expect(mail.subject).toBe(`We received your request — ${contactDefaults.business_name}`);
    expect(mail.text).toContain("within 24 hours");
    expect(mail.text).toContain(contactDefaults.salon_phone);
    expect(mail.text).toContain(contactDefaults.email);
    expect(mail.text).toContain(contactDefaults.address_line1);
    expect(mail.text).toContain("Tuesday: 9:00 AM - 6:00 PM");
    expect(mail.text).not.toContain("Eve");
    expect(mail.text).not.toContain("Line one");
    expect(mail.html).toContain('href="tel:+17135550142"');
    expect(mail.html).not.toContain("Eve");
  });

  it("names the booked date and time of a booking", () => {
    const mail = confirmationMail(
      { ...base, form_type: "Booking", preferred_date: "2026-12-01", preferred_time: "2:00 PM" },
      contactDefaults,
    );
    expect(mail.text).toContain("We have received your booking request for Tue, Dec 1, 2026 at 2:00 PM.");
  });

  it("escapes the business's own texts in HTML too", () => {
    const mail = confirmationMail(base, { ...contactDefaults, business_name: "Bella & <Co>" });
    expect(mail.html).toContain("Bella &amp; &lt;Co&gt;");
    expect(escapeHtml(`'"&<>`)).toBe("&#39;&quot;&amp;&lt;&gt;");
  });
});
