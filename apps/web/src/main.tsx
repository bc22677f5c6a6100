// Before any schema parses: no code generation under the page's CSP.
import './lib/zod-config';
// The base styles first, so that each feature's own CSS (imported by its components) comes later and wins.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
