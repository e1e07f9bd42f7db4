// A Vue 3 app that hosts the board through the custom element, as a Vue developer would.
import { createApp } from 'vue';
import App from './App.vue';

window.EXCALIDRAW_ASSET_PATH = new URL('./excalidraw-assets/', window.location.href).href;
createApp(App).mount('#app');
