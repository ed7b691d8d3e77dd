/** A valid Contact submission as a visitor's browser posts it to /api/submit-form. */
export const CONTACT_BODY = {
  formType: "Contact",
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "(713) 555-0100",
  service: "facial",
  message: "Do you have an opening on Saturday?",
};
