import { describe, expect, it } from "vitest";
import { bulkDeclineMessage } from "./bulk-decline.server";

describe("the front desk's toast after a bulk decline", () => {
  it("counts the requests declined, in the singular for one, and says when none was", () => {
    expect(bulkDeclineMessage(0)).toBe("None of the selected requests was still waiting. Nothing was changed.");
    expect(bulkDeclineMessage(1)).toBe("1 request declined; its time is free. No e-mail was sent.");
    expect(bulkDeclineMessage(3)).toBe("3 requests declined; their times are free. No e-mail was sent.");
  });
});
