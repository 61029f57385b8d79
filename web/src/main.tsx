import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore } from './auth/store';
import { createAppRouter } from './router';

// §2 initial load: auth info, then the current user. A session stored by Amplify is checked at
// once (Amplify loads on demand); anonymous visitors load nothing more.
if (authStore.get().status === 'checking') {
  import('./auth/actions').then((actions) => actions.loadCurrentUser()).catch(() => undefined);
}

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
