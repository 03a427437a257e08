/* Task pane entry. */
export {};
