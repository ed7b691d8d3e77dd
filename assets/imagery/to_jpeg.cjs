// node to_jpeg.cjs in.png out.jpg width height
// Upscales the raw render to the master size, adds a whisper of film grain
// (hides banding and residual render noise), and writes a progressive sRGB
// JPEG of at most 350 KB.
const path = require("path");
const sharp = require(require.resolve("sharp", { paths: [path.join(__dirname, "..", "..")] }));
const fs = require("fs");

const [src, dst, w, h] = process.argv.slice(2);
const W = +w;
const H = +h;
const LIMIT = 350 * 1024;

function grain(width, height, amount) {
  // deterministic noise so re-runs give identical files
  let s = 1234567;
  const buf = Buffer.alloc(width * height);
  for (let i = 0; i < buf.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    buf[i] = 128 + Math.round((((s >> 8) & 0xff) / 255 - 0.5) * amount);
  }
  return buf;
}

(async () => {
  const base = await sharp(src)
    .resize(W, H, { fit: "cover", kernel: "lanczos3" })
    .sharpen({ sigma: 0.8, m1: 0.4, m2: 1.2 })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = base;
  const g = grain(info.width, info.height, 7);
  const ch = info.channels;
  for (let i = 0, p = 0; i < g.length; i++, p += ch) {
    const d = g[i] - 128;
    for (let c = 0; c < 3; c++) {
      const v = data[p + c] + d;
      data[p + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
  const img = () => sharp(data, { raw: { width: info.width, height: info.height, channels: ch } }).removeAlpha();
  let q = 82;
  let out;
  for (;;) {
    out = await img()
      .jpeg({ quality: q, progressive: true, mozjpeg: true, chromaSubsampling: "4:2:0" })
      .withMetadata({ icc: "srgb" })
      .toBuffer();
    if (out.length <= LIMIT || q <= 50) break;
    q -= 4;
  }
  fs.writeFileSync(dst, out);
  console.log(`${path.basename(dst)} ${info.width}x${info.height} q${q} ${(out.length / 1024).toFixed(0)}KB`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
