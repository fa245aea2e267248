import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerPage } from './page';
import './my.css';

// The customer's own page (docs/rules.md section 19): a light entry of its own, not the office app.
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <CustomerPage />
    </StrictMode>,
  );
