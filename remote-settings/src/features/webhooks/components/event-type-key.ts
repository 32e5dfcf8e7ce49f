/** An event type's message key: 'transfer.created' → 'transfer_created' (a dot would nest the key). */
export const eventTypeKey = (type: string) => type.replaceAll('.', '_');
