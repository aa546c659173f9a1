#!/usr/bin/env bash
# Renders the raster images social networks and home screens need from their SVG sources
# (rsvg-convert, from Debian's librsvg2-bin). Run after changing a source; the PNGs are committed.
#   client/brand/og-image.svg        → client/public/og-image.png (the default social card)
#   client/public/favicon.svg        → icon-192.png, icon-512.png, favicon.ico
#   client/brand/icon-maskable.svg   → icon-maskable-512.png, apple-touch-icon.png (full bleed: iOS rounds it)
#   client/public/images/blog/*.svg  → a PNG beside each cover, for articles' social cards
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo 'rsvg-convert missing: apt-get install -y librsvg2-bin' >&2; exit 1; }
public=client/public

rsvg-convert -w 1200 -h 630 client/brand/og-image.svg -o "$public/og-image.png"
rsvg-convert -w 180 -h 180 client/brand/icon-maskable.svg -o "$public/apple-touch-icon.png"
rsvg-convert -w 192 -h 192 "$public/favicon.svg" -o "$public/icon-192.png"
rsvg-convert -w 512 -h 512 "$public/favicon.svg" -o "$public/icon-512.png"
rsvg-convert -w 512 -h 512 client/brand/icon-maskable.svg -o "$public/icon-maskable-512.png"
for cover in "$public"/images/blog/*.svg; do
  rsvg-convert -w 1200 -h 630 "$cover" -o "${cover%.svg}.png"
done

# favicon.ico for browsers and crawlers that ask for it by name: one 32 px PNG inside an ICO header.
rsvg-convert -w 32 -h 32 "$public/favicon.svg" -o /tmp/porchlight-favicon-32.png
node -e '
const fs = require("node:fs");
const png = fs.readFileSync(process.argv[1]);
const header = Buffer.alloc(22);
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png.length, 14);
header.writeUInt32LE(22, 18); // offset of the image data
fs.writeFileSync(process.argv[2], Buffer.concat([header, png]));
' /tmp/porchlight-favicon-32.png "$public/favicon.ico"
rm /tmp/porchlight-favicon-32.png
