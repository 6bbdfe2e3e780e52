import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Krom into.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
