import { createContext } from "react-router";
import type { AppServices } from "./app-services";
import type { RequestInfo } from "./http/request-info";

/** The server's long-lived services (database, content, forms …), set once per request. */
export const servicesContext = createContext<AppServices>();

/** Facts about the current request that Express knows and React Router does not. */
export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });
