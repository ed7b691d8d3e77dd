import { data } from "react-router";

export const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/**
 * The request's form fields; a body that is no form at all (a broken multipart body, a wrong
 * content type) is the client's error: 400 with a message, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    // A string: the error page shows it as the explanation.
    throw data(UNREADABLE_FORM, { status: 400 });
  }
}
