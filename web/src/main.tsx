import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAppAssets } from './app-assets';
import { authStore } from './auth/store';
import { createAppRouter } from './router';

// §2 initial load: auth info, then the current user, then the application assets and translations.
// A session stored by Amplify is checked at once (Amplify loads on demand); anonymous visitors go
// straight to the assets. Nothing here holds up the first render.
const currentUserLoaded =
  authStore.get().status === 'checking'
    ? import('./auth/actions').then((actions) => actions.loadCurrentUser()).catch(() => undefined)
    : Promise.resolve();
void currentUserLoaded.then(() => loadAppAssets());

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
