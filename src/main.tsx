import { appMachine } from '../machines/appMachine';
import { strings } from '../machines/strings';
import { mountApp } from './app';
import { viewsFromGlob, type ViewModule } from './routing/views';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  void mountApp(container, {
    machine: appMachine,
    views: viewsFromGlob(import.meta.glob<ViewModule>('./views/*.view.tsx')),
    strings,
    base: import.meta.env.BASE_URL,
  });
}
