import { describe, expect, it } from "vitest";
import { countWords } from "./text";

describe("countWords", () => {
  it("counts the words a reader sees, not tags or punctuation", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("<p></p><p> </p>")).toBe(0);
    expect(countWords("<p>Bir <strong>iki</strong></p><ul><li>üç</li><li>dört — beş</li></ul>")).toBe(5);
    expect(countWords("<h2>Başlık</h2><p>Bir iki, üç.</p><ul><li>dört</li></ul> — ")).toBe(5);
    expect(countWords("<p>satır<br>sonu</p><p>yeni</p>")).toBe(3);
  });
});
