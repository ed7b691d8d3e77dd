/** Global setup of the mutation run: the template database, no production build (see global-setup.ts). */
export { setupTemplateDatabase as default } from "./global-setup";
