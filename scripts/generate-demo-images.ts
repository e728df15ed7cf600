// Writes the demo images in public/demo/ (run once; the output is committed).
// npx tsx scripts/generate-demo-images.ts
import fs from "node:fs";
import { DEMO_CASINOS } from "../app/seed/demo-data";

const out = "public/demo";
fs.mkdirSync(out, { recursive: true });
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function initials(name: string) {
  return name.split(" ").map((w) => w[0]).join("").slice(0, 2);
}

for (const casino of DEMO_CASINOS) {
  fs.writeFileSync(
    `${out}/logo-${casino.key}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" rx="32" fill="${casino.color}"/><circle cx="100" cy="84" r="46" fill="#fff" fill-opacity=".18"/><text x="100" y="104" font-family="Arial,Helvetica,sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${escape(initials(casino.name))}</text><text x="100" y="166" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="600" fill="#fff" text-anchor="middle">${escape(casino.name)}</text></svg>\n`,
  );
}

const banners = [
  ["#7c2d12", "#f59e0b", "%100 BONUS"],
  ["#1e3a8a", "#06b6d4", "DENEME BONUSU"],
  ["#14532d", "#84cc16", "KAYIP İADESİ"],
  ["#581c87", "#ec4899", "100 FREE SPIN"],
  ["#0f172a", "#6366f1", "YATIRIM BONUSU"],
];
banners.forEach(([from, to, label], i) => {
  fs.writeFileSync(
    `${out}/promo-${i + 1}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="800" height="450" fill="url(#g)"/><circle cx="680" cy="90" r="140" fill="#fff" fill-opacity=".08"/><circle cx="120" cy="400" r="180" fill="#fff" fill-opacity=".06"/><text x="400" y="250" font-family="Arial,Helvetica,sans-serif" font-size="72" font-weight="800" fill="#fff" text-anchor="middle">${escape(label!)}</text></svg>\n`,
  );
});

[["#111827", "#f59e0b", "HAFTA SONU", "BEDAVA DÖNÜŞ"], ["#1e1b4b", "#22d3ee", "YENİ ÜYELERE", "DENEME BONUSU"]].forEach(([from, to, top, bottom], i) => {
  fs.writeFileSync(
    `${out}/splash-${i + 1}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><text x="300" y="270" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escape(top!)}</text><text x="300" y="340" font-family="Arial,Helvetica,sans-serif" font-size="56" font-weight="800" fill="#fff" text-anchor="middle">${escape(bottom!)}</text></svg>\n`,
  );
});

fs.writeFileSync(
  "public/images/placeholder.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="#e5e7eb"/><path d="M340 260l40-50 30 36 20-24 50 38z" fill="#9ca3af"/><circle cx="350" cy="180" r="18" fill="#9ca3af"/></svg>\n`,
);
console.log("demo images written to", out);
