import { describe, expect, it } from "vitest";
import { firstTabWithErrorsIn } from "./form-tabs";

const TABS = [
  { id: "details", label: "Promosyon Detayları", fields: ["title", "imageUrl"] },
  { id: "settings", label: "Promosyon Ayarları", fields: ["url", "expiryDate"] },
  { id: "terms", label: "Bonus Şartları", fields: ["bonusAmount"] },
] as const;

describe("firstTabWithErrorsIn", () => {
  it("opens the first tab, in the editor's order, holding a field with an error", () => {
    // Errors listed last tab first: the order of the tabs decides, not the order of the errors.
    expect(firstTabWithErrorsIn(TABS, ["bonusAmount", "expiryDate"])).toBe("settings");
    expect(firstTabWithErrorsIn(TABS, new Set(["bonusAmount", "imageUrl"]))).toBe("details");
    expect(firstTabWithErrorsIn(TABS, ["bonusAmount"])).toBe("terms");
  });

  it("opens no tab when no field has an error, or only fields on no tab", () => {
    expect(firstTabWithErrorsIn(TABS, [])).toBeNull();
    expect(firstTabWithErrorsIn(TABS, ["intent", "form"])).toBeNull();
  });
});
