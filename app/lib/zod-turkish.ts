import { z } from "zod";
import turkish from "zod/v4/locales/tr.js";

// zod's own messages (a field posted twice, an unknown intent: no message of ours applies)
// in Turkish. Imported by the server entry, for every action, and by the form field builders
// (lib/validation.ts), for the browser.
z.config(turkish());
