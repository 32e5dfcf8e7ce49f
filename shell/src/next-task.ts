/** Resolves in a later task: what runs after it no longer lengthens the task that awaited it. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
