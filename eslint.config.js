import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";

const root = import.meta.dirname;
const SERVER = ["server/**", "**/*.server.{ts,tsx}"];
const ROUTES = ["routes/**", "root.tsx"];
/** Where components and hooks are: every .tsx file, and the hooks written as .ts beside them. */
const REACT_FILES = ["**/*.tsx", "app/components/**/*.ts", "app/lib/use-*.ts"];

/**
 * What may import what (docs/architecture.md, Layers and what may import what), type-only imports
 * included: a type that components and the server share lives in app/lib and both import it there.
 * One glob per layer, so a forbidden import is reported once.
 */
const layer = (target, forbidden, message) => ({
  target: `app/${target}`,
  from: `app/{${forbidden.join(",")}}`,
  message,
});
const layers = [
  layer(
    "components",
    [...SERVER, ...ROUTES, "enhance/**"],
    "Components import no server module or route: put the shared type in app/lib.",
  ),
  layer(
    "lib",
    [...SERVER, ...ROUTES, "components/**", "enhance/**"],
    "app/lib is shared by server and browser: it imports only app/lib and app/content.",
  ),
  layer(
    "content",
    [...SERVER, ...ROUTES, "components/**", "enhance/**", "lib/**"],
    "app/content is the bottom layer: it imports only app/content.",
  ),
  layer(
    "enhance",
    [...SERVER, ...ROUTES, "components/**", "content/**"],
    "Enhancement scripts run in the browser without React: they import only app/lib.",
  ),
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".tmp/**",
      ".react-router/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "reports/**",
      ".stryker-tmp/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // Unused names are the type check's (tsconfig: noUnusedLocals, noUnusedParameters): the same
      // finding, where this rule took over half of the lint's time.
      "@typescript-eslint/no-unused-vars": "off",
      "no-empty-pattern": "off",
    },
  },
  {
    // The two classic hooks rules, on the files React code lives in. The plugin's other recommended
    // rules check code for the React Compiler, which this project does not use, and compiling every
    // component for them took two thirds of the lint's time (docs/decisions.md).
    files: REACT_FILES,
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["app/{components,lib,content,enhance}/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        importX.createNodeResolver({ alias: { "~": [`${root}/app`] }, extensions: [".ts", ".tsx", ".js", ".json"] }),
      ],
    },
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: layers }] },
  },
  {
    // Node build scripts written as CommonJS (the Blender imagery pipeline).
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
