#!/usr/bin/env bash
# Renders client/public/media/promo.mp4, the short product video (ffmpeg from Debian), and its poster,
# promo-poster.webp: the video's last frame, where the whole story is on screen. Only needed to change them;
# the site serves the committed files.
# The frames are the product's own story: a lead arrives, the assistant calls, qualifies and books.
set -euo pipefail
cd "$(dirname "$0")/../client/public/media"
font=$(fc-list | grep -iE 'DejaVuSans-Bold|LiberationSans-Bold' | head -n 1 | cut -d: -f1)
# Laid out on a 640 × 360 grid and drawn at twice that (1280 × 720), sharp on phones' dense screens.
scale=2
px() { echo $(($1 * scale)); }
text() { echo "drawtext=fontfile=$font:text='$1':fontcolor=$2:fontsize=$(px "$3"):x=$(px 70):y=$(px "$4")${5:+:enable='gte(t,$5)'}"; }
ffmpeg -y -loglevel error -f lavfi -i "color=c=0x1c1b19:s=$(px 640)x$(px 360):d=9:r=15" -vf "drawbox=x=$(px 40):y=$(px 40):w=$(px 560):h=$(px 280):color=0x2e2b26@1:t=fill,\
$(text 'New lead\: Maria R. · 7\:41 PM' 0xd6d0c4 22 80),\
$(text 'Porchlight AI is calling...' 0xf59e0b 34 140 1.5),\
$(text 'Answered in 4 seconds' 0xf5f2ea 26 200 3.5),\
$(text 'Pre-approved · Buying in 60 days' 0xf5f2ea 22 240 5.5),\
$(text 'Showing booked\: Saturday 10 AM' 0x4ade80 26 275 7)" \
  -c:v libx264 -pix_fmt yuv420p -crf 30 -preset slow -movflags +faststart -an promo.mp4
# The poster is a frame of the video itself (1280 × 720, the size the home page's <img> declares).
ffmpeg -y -loglevel error -ss 8.5 -i promo.mp4 -frames:v 1 -c:v libwebp -quality 75 promo-poster.webp
