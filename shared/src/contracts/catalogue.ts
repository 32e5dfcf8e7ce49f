// The spec's error catalogue (section 8) is en.json's `catalogue` section, word for word (pinned by
// i18n/messages.test.ts): a failed call carries its code (`catalogue.updateProfile`) and its
// English comes from there, `english('catalogue.updateProfile')`.

/** Thrown by the dashboard layout when the organization list cannot be loaded (spec section 2). */
export const FAILED_TO_FETCH_ORGANIZATIONS = 'Failed to fetch organizations';
