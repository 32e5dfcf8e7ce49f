// Standalone entry (`pnpm dev`): the async boundary lets the federation runtime share React first.
import('./bootstrap');
