import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Nothing imports a route module: what two routes share lives in components or modules.
const ROUTE_IMPORTS = { group: ["~/routes/**", "**/routes/**/*.tsx", "./layout", "../layout"], message: "Nothing imports a route module." };
// ADR 016: the document's click listener navigates for every anchor React Router's Link marks
// with data-discover, its reloadDocument links included; the site's Link has no such option.
const ROUTER_LINK = {
  name: "react-router",
  importNames: ["Link"],
  message: "Use the site's Link (~/components/link, ADR 016). A link to a resource route (/sitemap.xml, /media/…, /git/…) is a plain <a>.",
};

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".stryker-tmp/", "reports/", ".react-router/", "node_modules/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // STYLE.md and issue 8: imports run one way (routes → components/modules → lib/db).
  {
    files: ["app/**/*.{ts,tsx}"],
    // A route's own tests call its loader and action.
    ignores: ["app/routes.ts", "app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [ROUTER_LINK], patterns: [ROUTE_IMPORTS] }] },
  },
  {
    files: ["app/db/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [ROUTER_LINK], patterns: [ROUTE_IMPORTS, { group: ["~/modules/*", "~/components/*"], message: "app/db is the bottom layer: it never imports a domain or a component." }] }],
    },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: [ROUTER_LINK], patterns: [ROUTE_IMPORTS, { group: ["~/modules/*", "~/components/*"], message: "app/lib is infrastructure: it never imports a domain or a component." }] }],
    },
  },
  {
    // Every module file without `.server` (a <domain>.schema.ts, or pure rules the cards and
    // forms import, such as promotions/bonus-terms.ts or outbound/outbound-paths.ts) may reach the browser.
    files: ["app/modules/**/*.ts"],
    ignores: ["app/modules/**/*.server.ts", "app/modules/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [ROUTER_LINK], patterns: [ROUTE_IMPORTS, { regex: "\\.server(\\.tsx?)?$", message: "A module file without .server runs in the browser too: never import a *.server module (ADR 003)." }] },
      ],
    },
  },
  {
    files: ["app/components/**/*.tsx", "app/components/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [ROUTER_LINK], patterns: [ROUTE_IMPORTS, { regex: "\\.server(\\.tsx?)?$", message: "Components run in the browser: never import a *.server module (move view types to <domain>.schema.ts)." }] },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", Buffer: "readonly" } },
  },
);
