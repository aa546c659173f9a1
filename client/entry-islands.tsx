import '@vitejs/plugin-react/preamble';
import { bootIslands } from '#client/islands/boot.tsx';
import { nextTask } from '#client/lib/next-task.ts';
import { registerServiceWorkerOnLoad } from '#client/lib/register-service-worker.ts';
import { EMOTION_KEY } from '#client/styles/emotion-key.ts';

// The browser entry of the marketing pages: no router, only the page's islands
// (docs/decisions/0020-marketing-pages-as-islands.md). React DOM's client is imported here rather than statically so
// that its code and the entry's evaluate in separate tasks (docs/decisions/0013-scripts-after-first-paint.md).
const { hydrateRoot } = await import('react-dom/client');
await nextTask();
bootIslands(hydrateRoot, EMOTION_KEY);
registerServiceWorkerOnLoad();
