import { useMemo } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createAjvCompileValidator } from '../../runtime/ajvValidation';
import { StepForm } from '../form/StepForm';
import { usePageTitle } from '../usePageTitle';

// Every widget a funnel can use, with its GOV.UK-style states, so a designer or product
// owner can see how a uiSchema choice will look before writing a funnel.
const gallerySchema = {
  type: 'object',
  required: ['fullName', 'email', 'contactBy', 'agree'],
  properties: {
    fullName: { type: 'string', title: 'Full name', minLength: 1 },
    email: { type: 'string', title: 'Email address', format: 'email' },
    phone: { type: 'string', title: 'Phone number' },
    contactBy: {
      type: 'string',
      title: 'How should we contact you?',
      oneOf: [
        { const: 'email', title: 'Email' },
        { const: 'phone', title: 'Phone' },
        { const: 'post', title: 'Post' },
      ],
    },
    startDate: { type: 'string', title: 'Agreement start date', format: 'date' },
    notes: { type: 'string', title: 'Anything else we should know?', maxLength: 500 },
    agree: {
      type: 'boolean',
      title: 'I confirm the information I have given is correct',
      const: true,
    },
  },
  'x-errorMessages': {
    fullName: { required: 'Enter your full name', minLength: 'Enter your full name' },
    email: {
      required: 'Enter your email address',
      format: 'Enter an email address in the correct format, like name@example.com',
    },
    contactBy: { required: 'Select how we should contact you' },
    agree: {
      required: 'Confirm the information is correct',
      const: 'Confirm the information is correct',
    },
  },
} as const;

const galleryUiSchema: UiSchema = {
  fullName: { 'ui:autocomplete': 'name', 'ui:width': '30' },
  email: {
    'ui:widget': 'email',
    'ui:autocomplete': 'email',
    'ui:help': 'A text input with the email widget.',
  },
  phone: {
    'ui:inputType': 'tel',
    'ui:autocomplete': 'tel',
    'ui:width': '20',
    'ui:help': 'An optional field says so.',
  },
  contactBy: { 'ui:widget': 'radio' },
  notes: { 'ui:widget': 'textarea' },
};

export function UiExamplesPage() {
  usePageTitle('Form components');
  const validate = useMemo(() => createAjvCompileValidator()('ui-examples', gallerySchema), []);
  return (
    <div className="narrow">
      <h1>Form components</h1>
      <p className="lead">
        The widgets funnels are built from. Press the button with the form empty to see the error
        summary and field errors.
      </p>
      <StepForm
        schema={gallerySchema as unknown as RJSFSchema}
        uiSchema={galleryUiSchema}
        initialAnswers={undefined}
        validate={validate}
        submitLabel="Check the example"
        onValid={() => window.alert('All fields are valid. Nothing is saved on this page.')}
      />
    </div>
  );
}
