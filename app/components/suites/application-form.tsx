import { useState } from "react";
import { FormHeading } from "~/components/booking/form-heading";
import { ChoiceGroupField, PublicForm, SelectField, SubmitButton, TextareaField, TextField } from "~/components/forms";
import { APPLICATION_MESSAGES, APPLICATION_TEXT as T } from "~/content/suites";
import { localDate } from "~/lib/dates";
import { SuiteApplicationFormSchema } from "~/lib/forms/public-forms";
import { useSiteTimeZone } from "~/lib/use-time-zone";
import { ANNUAL_INCOME, COMMUNICATION_PREFERENCES, HOW_FOUND_OUT, SUITE_SIZES } from "~/lib/forms/submission";
import type { PublicFormReply } from "~/lib/forms/public-form-types";

const FORM_ID = "suite-application-form";

const choices = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The suite rental application (docs/product.md, Suite rental application): every field marked *
 * is required by the server (the browser enforces only the plain text fields); what a landlord does not need
 * at first contact sits at the end under "Optional".
 */
export function ApplicationForm({ reply }: { reply?: PublicFormReply }) {
  const timeZone = useSiteTimeZone();
  // Today as of the first render (the earliest date the form offers).
  const [today] = useState(() => localDate(Date.now(), timeZone));
  return (
    <PublicForm
      name="suite-application"
      schema={SuiteApplicationFormSchema}
      // Without JavaScript the answer is a new page: open it at the form, where its status message is.
      action={`#${FORM_ID}`}
      id={FORM_ID}
      reply={reply}
      messages={APPLICATION_MESSAGES}
      className="flex flex-col gap-10"
    >
      <Group title={T.contactHeading}>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="fullName" label={T.fullName} required autoComplete="name" />
          <TextField name="email" label={T.email} type="email" required autoComplete="email" />
          <TextField name="phoneNumber" label={T.phoneNumber} type="tel" required autoComplete="tel" />
          <ChoiceGroupField
            name="communicationPreference"
            label={T.communicationPreference}
            type="radio"
            softRequired
            options={choices(COMMUNICATION_PREFERENCES, T.communicationLabels)}
          />
          <TextField
            name="address"
            label={T.address}
            required
            autoComplete="street-address"

            className="sm:col-span-2"
          />
          <TextField name="city" label={T.city} required autoComplete="address-level2" />
          <div className="grid grid-cols-2 gap-4">
            <TextField name="state" label={T.state} required autoComplete="address-level1" />
            <TextField
              name="zipCode"
              label={T.zipCode}
              required
              autoComplete="postal-code"
              inputMode="numeric"
              pattern="\d{5}(-\d{4})?"
            />
          </div>
        </div>
      </Group>

      <Group title={T.socialHeading} hint={T.socialHint}>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="instagram" label={T.instagram} placeholder="@yourhandle" />
          <TextField name="facebook" label={T.facebook} />
          <TextField name="tiktok" label={T.tiktok} placeholder="@yourhandle" />
          <TextField name="twitter" label={T.twitter} placeholder="@yourhandle" />
        </div>
      </Group>

      <Group title={T.professionalHeading}>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="businessName" label={T.businessName} required autoComplete="organization" />
          <TextField name="professionalLicenseId" label={T.professionalLicenseId} required />
        </div>
        <TextareaField name="educationExperience" label={T.educationExperience} required rows={4} />
        <TextareaField name="servicesProvided" label={T.servicesProvided} required rows={3} />
      </Group>

      <Group title={T.suiteHeading}>
        <ChoiceGroupField
          name="suiteSizes"
          label={T.suiteSizes}
          type="checkbox"
          softRequired
          options={SUITE_SIZES.map((size) => ({ value: size, label: size }))}
        />
        <TextField
          name="desiredOccupancyDate"
          label={T.desiredOccupancyDate}
          type="date"
          softRequired
          min={today}
          className="sm:max-w-xs"
        />
        <TextareaField name="specialSuiteRequirements" label={T.specialSuiteRequirements} rows={3} />
      </Group>

      <fieldset aria-describedby={`${FORM_ID}-optional-hint`} className="flex min-w-0 flex-col gap-6">
        {/* The legend names the group for screen readers; its heading matches the other groups'. */}
        <legend className="mb-2 w-full p-0">
          <FormHeading>{T.optionalHeading}</FormHeading>
        </legend>
        <p id={`${FORM_ID}-optional-hint`} className="text-sm text-muted-foreground">
          {T.optionalHint}
        </p>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="dateOfBirth" label={T.dateOfBirth} type="date" max={today} autoComplete="bday" />
          <SelectField
            name="typicalAnnualIncome"
            label={T.typicalAnnualIncome}
            placeholder={T.typicalAnnualIncomePlaceholder}
            options={choices(ANNUAL_INCOME, T.incomeLabels)}
          />
          <SelectField
            name="howFoundOut"
            label={T.howFoundOut}
            placeholder={T.howFoundOutPlaceholder}
            options={choices(HOW_FOUND_OUT, T.howFoundOutLabels)}
          />
        </div>
        <ChoiceGroupField
          name="suiteLeasingExperience"
          label={T.suiteLeasingExperience}
          type="radio"
          options={choices(["yes", "no"] as const, T.leasingLabels)}
        />
      </fieldset>

      <SubmitButton pendingText={T.pending} className="w-full">
        {T.submit}
      </SubmitButton>
    </PublicForm>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <FormHeading hint={hint}>{title}</FormHeading>
      {children}
    </div>
  );
}
