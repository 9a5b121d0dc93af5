/* placeholder, replaced below */
(function () {
  "use strict";
  window.changpaiKioskPlay = { mount() { return () => {}; } };
})();
