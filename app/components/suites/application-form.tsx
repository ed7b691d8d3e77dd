import { FormHeading } from "~/components/booking/form-heading";
import { ChoiceGroupField, PublicForm, SelectField, SubmitButton, TextareaField, TextField } from "~/components/forms";
import { APPLICATION_MESSAGES, APPLICATION_TEXT as T } from "~/content/suites";
import { businessToday } from "~/lib/forms/booking-rules";
import { useSiteTimeZone } from "~/lib/use-time-zone";
import { ANNUAL_INCOME, COMMUNICATION_PREFERENCES, HOW_FOUND_OUT, SUITE_SIZES } from "~/lib/forms/submission";
import type { PublicFormReply } from "~/server/forms/public-form.server";

const FORM_ID = "suite-application-form";

const choices = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The suite rental application (SPEC.md sections 3 and 5): every field, the browser enforcing only
 * what the spec has it enforce; the rest is marked * and checked by the server when given.
 */
export function ApplicationForm({ reply }: { reply?: PublicFormReply }) {
  const today = businessToday(useSiteTimeZone());
  return (
    <PublicForm
      name="suite-application"
      // Without JavaScript the answer is a new page: open it at the form, where its status message is.
      action={`#${FORM_ID}`}
      id={FORM_ID}
      reply={reply}
      messages={APPLICATION_MESSAGES}
      className="flex flex-col gap-10"
    >
      <Group title={T.contactHeading}>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="fullName" label={T.fullName} required autoComplete="name" maxLength={200} />
          <TextField name="email" label={T.email} type="email" required autoComplete="email" maxLength={254} />
          <TextField name="phoneNumber" label={T.phoneNumber} type="tel" required autoComplete="tel" maxLength={25} />
          <TextField
            name="dateOfBirth"
            label={T.dateOfBirth}
            type="date"
            softRequired
            max={today}
            autoComplete="bday"
          />
          <TextField
            name="address"
            label={T.address}
            required
            autoComplete="street-address"
            maxLength={200}
            className="sm:col-span-2"
          />
          <TextField name="city" label={T.city} required autoComplete="address-level2" maxLength={100} />
          <div className="grid grid-cols-2 gap-4">
            <TextField name="state" label={T.state} required autoComplete="address-level1" maxLength={50} />
            <TextField
              name="zipCode"
              label={T.zipCode}
              required
              autoComplete="postal-code"
              inputMode="numeric"
              pattern="\d{5}(-\d{4})?"
              maxLength={10}
            />
          </div>
        </div>
        <ChoiceGroupField
          name="communicationPreference"
          label={T.communicationPreference}
          type="radio"
          softRequired
          options={choices(COMMUNICATION_PREFERENCES, T.communicationLabels)}
        />
      </Group>

      <Group title={T.socialHeading} hint={T.socialHint}>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="instagram" label={T.instagram} placeholder="@yourhandle" maxLength={100} />
          <TextField name="facebook" label={T.facebook} maxLength={100} />
          <TextField name="tiktok" label={T.tiktok} placeholder="@yourhandle" maxLength={100} />
          <TextField name="twitter" label={T.twitter} placeholder="@yourhandle" maxLength={100} />
        </div>
      </Group>

      <Group title={T.professionalHeading}>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField name="businessName" label={T.businessName} required autoComplete="organization" maxLength={200} />
          <TextField name="professionalLicenseId" label={T.professionalLicenseId} required maxLength={100} />
          <SelectField
            name="howFoundOut"
            label={T.howFoundOut}
            softRequired
            placeholder={T.howFoundOutPlaceholder}
            options={choices(HOW_FOUND_OUT, T.howFoundOutLabels)}
          />
          <SelectField
            name="typicalAnnualIncome"
            label={T.typicalAnnualIncome}
            softRequired
            placeholder={T.typicalAnnualIncomePlaceholder}
            options={choices(ANNUAL_INCOME, T.incomeLabels)}
          />
        </div>
        <TextareaField name="educationExperience" label={T.educationExperience} required rows={4} maxLength={5000} />
        <TextareaField name="servicesProvided" label={T.servicesProvided} required rows={3} maxLength={5000} />
      </Group>

      <Group title={T.suiteHeading}>
        <ChoiceGroupField
          name="suiteLeasingExperience"
          label={T.suiteLeasingExperience}
          type="radio"
          softRequired
          options={choices(["yes", "no"] as const, T.leasingLabels)}
        />
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
        <TextareaField name="specialSuiteRequirements" label={T.specialSuiteRequirements} rows={3} maxLength={5000} />
      </Group>

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
