/** The enquiry form's rules, in their own chunk: loaded when the form is first used (enquiry-form.tsx). */
export { EnquiryFormSchema } from '@shop/contract';
