import { MainMenu } from '@excalidraw/excalidraw';

/**
 * Excalidraw's main menu as a board kept by a server needs it: find on canvas, help, export
 * image (Excalidraw's dialog, with clipboard copy and scale) and reset the canvas. Left out:
 * open / save to file (the server keeps the canvas), Excalidraw's links and socials, and its
 * canvas background picker (the backdrop button is the one background control).
 */
export function TabulaMainMenu() {
  return (
    <MainMenu>
      <MainMenu.DefaultItems.SearchMenu />
      <MainMenu.DefaultItems.SaveAsImage />
      <MainMenu.DefaultItems.Help />
      <MainMenu.DefaultItems.ClearCanvas />
      <MainMenu.DefaultItems.ToggleTheme />
    </MainMenu>
  );
}
