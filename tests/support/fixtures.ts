/** Test data shared by the HTTP and browser tests: what a visitor or an editor would send. */
import sharp from "sharp";

/** A photo-like image, made here, with camera data the server must strip. */
export async function makeImage(width: number, height: number, format: "jpeg" | "png", color = "#b98b73") {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return format === "jpeg"
    ? image
        .jpeg()
        .withExif({ IFD0: { Make: "SecretCam" } })
        .toBuffer()
    : image.png().toBuffer();
}

/** Every field of a suite application, as the visitor types it and as the details column keeps it. */
export function suiteApplicant(email: string) {
  return {
    fullName: "Jordan Ellis",
    email,
    phoneNumber: "(713) 555-0123",
    details: {
      specialty: "Hair stylist",
      address: "1200 Montrose Blvd",
      city: "Houston",
      state: "TX",
      zipCode: "77019",
      instagram: "@jordanellis.hair",
      facebook: "jordan.ellis.hair",
      tiktok: "@jordanellishair",
      twitter: "@jordanellis",
      communicationPreference: "text",
      dateOfBirth: "1990-04-12",
      professionalLicenseId: "TX-COS-1845522",
      businessName: "Ellis Hair Studio",
      howFoundOut: "social-media",
      educationExperience: "Aveda Institute graduate, eight years behind the chair, colour specialist.",
      servicesProvided: "Colour, balayage, cuts and silk presses.",
      typicalAnnualIncome: "50k-75k",
      suiteLeasingExperience: "yes",
      specialSuiteRequirements: "A shampoo bowl and a window, if possible.",
      suiteSizes: ["Small Suites", "Daily Rentals"],
      // A future date within the year, yyyy-MM-dd.
      desiredOccupancyDate: new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10),
    },
  };
}

/** The suite application's required text fields (all typed in inputs). */
export const SUITE_APPLICATION_REQUIRED_INPUTS = ["email", "fullName", "phoneNumber"] as const;

/** The suite application's required fields, each with the server's message when it is empty or missing. */
export const SUITE_APPLICATION_REQUIRED_MESSAGES: [field: string, message: string][] = [
  ["email", "Email is required"],
  ["fullName", "Full name is required"],
  ["phoneNumber", "Phone is required"],
  ["specialty", "Choose your specialty"],
  ["suiteSizes", "Choose at least one suite type"],
  ["desiredOccupancyDate", "Choose when you would like to start"],
];

/** The suite application's required part alone, as a visitor in a hurry sends it. */
export function shortSuiteApplication(email: string, suiteSize = "Small Suites") {
  return {
    fullName: "Robin Vale",
    email,
    phoneNumber: "(713) 555-0199",
    specialty: "Lash and brow artist",
    suiteSizes: [suiteSize],
    desiredOccupancyDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  };
}
