import { describe, expect, it } from "vitest";
import { matchClient } from "./matching";

const client = (id: number, emailKey: string, phoneKey: string) => ({ id, emailKey, phoneKey });

describe("matchClient", () => {
  it("finds the client with the same e-mail, the oldest when there are two", () => {
    expect(
      matchClient({ emailKey: "ada@x.com", phoneKey: "" }, [client(9, "ada@x.com", ""), client(4, "ada@x.com", "")]),
    ).toEqual({ id: 4, addEmail: false, addPhone: false });
  });

  it("the e-mail wins when the phone belongs to another client", () => {
    const candidates = [client(1, "", "7135550100"), client(2, "ada@x.com", "")];
    expect(matchClient({ emailKey: "ada@x.com", phoneKey: "7135550100" }, candidates)).toEqual({
      id: 2,
      addEmail: false,
      addPhone: true,
    });
  });

  it("matches by phone when the contact has no e-mail", () => {
    expect(matchClient({ emailKey: "", phoneKey: "7135550100" }, [client(3, "bo@x.com", "7135550100")])).toEqual({
      id: 3,
      addEmail: false,
      addPhone: false,
    });
  });

  it("matches by phone a client who has no e-mail yet, and gives them the e-mail", () => {
    expect(matchClient({ emailKey: "bo@x.com", phoneKey: "7135550100" }, [client(3, "", "7135550100")])).toEqual({
      id: 3,
      addEmail: true,
      addPhone: false,
    });
  });

  it("a different e-mail on a known phone is someone else: a new client", () => {
    expect(
      matchClient({ emailKey: "kid@x.com", phoneKey: "7135550100" }, [client(3, "mum@x.com", "7135550100")]),
    ).toEqual({ id: null, addEmail: false, addPhone: false });
  });

  it("empty keys match nobody", () => {
    expect(matchClient({ emailKey: "", phoneKey: "" }, [client(1, "", "")]).id).toBeNull();
    expect(matchClient({ emailKey: "a@x.com", phoneKey: "" }, [client(1, "", "")]).id).toBeNull();
  });
});
