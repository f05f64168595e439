import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { watchAuthState } from '../platform/authService';
import { createAppStore } from '../store';
import { authStateChanged } from '../store/slices/authSlice';
import { createAppRouter } from './router';
import './styles.css';

const store = createAppStore();
watchAuthState((user) => store.dispatch(authStateChanged(user)));
const router = createAppRouter(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
