import { describe, expect, it } from "vitest";
import { StaffRefusedError } from "../people/staff.server";
import { BookingRefusedError, bookingRefusal } from "./reserve.server";

describe("bookingRefusal", () => {
  it("answers a booking or a staff refusal with its status and message", () => {
    expect(bookingRefusal(new BookingRefusedError(409, "That time was just taken."))).toEqual({
      status: 409,
      message: "That time was just taken.",
    });
    expect(bookingRefusal(new StaffRefusedError(404, "No such person."))).toEqual({
      status: 404,
      message: "No such person.",
    });
  });

  it("leaves any other error to the caller", () => {
    expect(bookingRefusal(new Error("disk full"))).toBeUndefined();
  });
});
