import { describe, expect, it } from "vitest";
import { RenderBursts } from "./render-bursts.server";

/** Everything the stream passes on so far, piece by piece. */
function collect(stream: RenderBursts) {
  const pieces: string[] = [];
  stream.on("data", (chunk: Buffer) => pieces.push(chunk.toString("utf8")));
  return pieces;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("RenderBursts", () => {
  it("passes a burst's pieces on together when React flushes, in order and whole", async () => {
    const stream = new RenderBursts();
    const pieces = collect(stream);
    for (const piece of ["<html>", "<body>", "é".repeat(3000)]) expect(stream.write(Buffer.from(piece))).toBe(true);
    await tick();
    expect(pieces).toEqual([]);
    stream.flush();
    await tick();
    expect(pieces).toEqual([`<html><body>${"é".repeat(3000)}`]);
    stream.flush(); // nothing held: nothing passed on
    stream.write(Buffer.from("<p>later</p>"));
    stream.flush();
    await tick();
    expect(pieces).toEqual([`<html><body>${"é".repeat(3000)}`, "<p>later</p>"]);
  });

  it("passes on what is held when the page ends", async () => {
    const stream = new RenderBursts();
    const pieces = collect(stream);
    stream.write(Buffer.from("</body>"));
    stream.end(Buffer.from("</html>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces.join("")).toBe("</body></html>");
  });
});
