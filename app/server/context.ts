import { createContext } from "react-router";
import type { AppServices } from "./services.server";

/** The server's long-lived services (database, content, forms …), set once per request. */
export const servicesContext = createContext<AppServices>();

/** Facts about the current request that Express knows and React Router does not. */
export interface RequestInfo {
  nonce: string;
  clientIp: string;
}
export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });
