import { describe, expect, it } from "vitest";
import { clientCapMessage, clientKeys } from "./client-cap.server";

describe("the cap on one client's upcoming bookings", () => {
  it("tells the client how many upcoming visits they have, in the singular for one, and the salon's phone when there is one", () => {
    expect(clientCapMessage(1, "(713) 555-0142")).toBe(
      "You already have 1 upcoming visit with us. To book more, call us at (713) 555-0142 or manage your visits from the links in your e-mails.",
    );
    expect(clientCapMessage(4, "")).toBe(
      "You already have 4 upcoming visits with us. To book more, call us or manage your visits from the links in your e-mails.",
    );
  });

  it("knows a client by their e-mail and phone as contact keys", () => {
    expect(clientKeys({ email: " Ada+salon@Example.com", phone: "+1 (713) 555-0100" })).toEqual({
      email_key: "ada@example.com",
      phone_key: "7135550100",
    });
  });
});
