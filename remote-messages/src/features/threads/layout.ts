/** Message Center dimensions (spec section 9). */
export const MOBILE_BREAKPOINT_PX = 768;
export const MESSAGE_PANE_HEIGHT_PX = 768;
export const THREAD_LIST_WIDTH_PX = 264;
/** Below the breakpoint only one pane shows at a time. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
