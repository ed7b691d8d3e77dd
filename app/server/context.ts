import { createContext } from "react-router";
import type { AppServices } from "./app-services";
import type { RequestInfo } from "./http/request-info";

/** The server's long-lived services (database, content, forms …), set once per request. */
export const servicesContext = createContext<AppServices>();

/** Facts about the current request that Express knows and React Router does not. */
export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });

/**
 * Runs a task once the request's answer has been sent (or its connection closed): work whose time
 * must not show in the answer's. The task logs its own failures. Without a server, at once.
 */
export const afterAnswerContext = createContext<(task: () => Promise<void>) => void>((task) => void task());
