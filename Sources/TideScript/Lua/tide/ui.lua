-- tide.ui: widgets and screens for casual games, built on sprites and gestures.
--
-- Each constructor takes one table of options and returns a widget object:
-- `widget.sprite` is its root sprite (top-left at its position), `name` names
-- the sprite a test finds (parts are `<name>_label`, `<name>_text`, ...), and
-- `sprite.data.widget` leads back to the object. Every widget has
-- place(x, y, anchor), bounds(), set_visible / show / hide / is_visible, remove.
--
--   label{ text, size, color, align, width, wrap }        :text() :set_text(s) :set_color(c)
--   button{ text, on_press, style, width, height, enabled, visible }
--                                                         :text() :set_text(s) :set_enabled(b) :press()
--   text_field{ text, placeholder, max_length, numeric, min, max, required, validate, on_change, on_submit }
--                                                         :text() :number() :set_text(s) :focus() :blur()
--                                                         :is_valid() :error() :set_enabled(b)
--   slider{ min, max, step, value, format, on_change }    :value() :set_value(v) :set_enabled(b)
--   segmented{ options, value, on_change }                :value() :set_value(id) :set_enabled(b)
--   alert{ title, message, buttons, on_dismiss }          :dismiss() :is_open()
--   info_button{ on_press }   back_button{ text }   spacer{ height, width }
--   column{ w1, w2, ..., spacing, align, justify, padding, max_width, x, y, width, height } :add(w)
--   row{ w1, w2, ..., spacing, align, justify, width }   :add(w)
--   screen(name, definition)  go(name, params, opts)  back()  can_go_back()  reset(name)  current()
--
-- Setters called from code never fire on_change; a user's tap, drag or typing does.
-- Each constructor's options are explained above it in tide/ui/<widget>.lua;
-- screens in tide/ui/navigation.lua, layout in tide/ui/layout.lua.

local core = require("tide.ui.core")
local layout = require("tide.ui.layout")
local navigation = require("tide.ui.navigation")
local button = require("tide.ui.button")

--- What every widget has: the object a `tide.ui` constructor returns wraps one root sprite,
--- `widget.sprite`, whose top-left corner is its position; `widget.w`, `widget.h` are the box a
--- layout reserves for it, and `sprite.data.widget` leads back from the sprite to the widget.
--- Every constructor also takes `x`, `y`, `anchor` (placed as by `place`), `parent`, `visible`
--- and `name` (the name a test finds; parts are `<name>_label`, `<name>_text`, ...).
--- Setters called from code never fire `on_change`; a player's tap, drag or typing does.
--- @class Widget
--- @field sprite Sprite: the root sprite
--- @field w number: the width a layout reserves
--- @field h number: the height a layout reserves
--- @method place(x: number, y: number, anchor: Anchor?) Widget: puts the widget's `anchor` point (default its top-left) at `x`, `y` in its parent
--- @method bounds() number, number, number, number: left, top, width, height on the screen, in design units
--- @method size() number, number: the box a layout reserves: width, height
--- @method set_visible(visible: boolean) Widget: shows or hides it; a hidden widget takes no input and gives up its place in a column or row
--- @method show() Widget: `set_visible(true)`
--- @method hide() Widget: `set_visible(false)`
--- @method is_visible() boolean: whether it is shown
--- @method set_enabled(enabled: boolean) Widget: a disabled widget is faded and ignores input
--- @method is_enabled() boolean: whether it takes input
--- @method remove(): removes it and its sprites (a column or row holding it closes the gap)

local ui = {
  --- The colours and font size every widget starts from; change a field before building widgets
  --- to restyle them (each widget also takes its own `fill`, `color` or `size`).
  --- @field background Color: screens' background ("#1d2433")
  --- @field surface Color: secondary buttons, segmented controls, alert cards ("#2c3547")
  --- @field primary Color: primary buttons, the chosen segment, slider fill ("#f2c14e")
  --- @field on_primary Color: text on primary ("#1d2433")
  --- @field text Color: text ("#ffffff")
  --- @field muted Color: secondary text, alert messages ("#9aa5b8")
  --- @field danger Color: danger buttons, an invalid field's outline ("#c93c37")
  --- @field danger_text Color: an invalid field's message ("#ff7b72", 6:1 on `background`)
  --- @field field Color: a text field's box ("#f4f6fa")
  --- @field field_text Color: a text field's text ("#1d2433")
  --- @field placeholder Color: a text field's placeholder ("#646c7d", 4.9:1 on `field`)
  --- @field border Color: a text field's outline ("#c9d0dc")
  --- @field font_size number: text size in points where a widget is given none (22)
  --- @field font string?: the font of widgets' text, a file in `assets/fonts/` (nil: conf.lua's `font`, else DejaVu Sans); buttons, labels, segments and fields also take their own `font`
  theme = core.theme,
  --- A line of text, or with a `width` a paragraph aligned (and with `wrap`, broken into lines) in it.
  --- @class Label : Widget
  --- @field text string?: the text ("" by default); "\n" breaks a line
  --- @field size number?: points (theme.font_size)
  --- @field font string?: a font file in `assets/fonts/` (theme.font)
  --- @field color Color?: theme.text by default
  --- @field align "left"|"center"|"right"?: inside `width`; "left" by default
  --- @field width number?: a fixed width; without one the label is as wide as its text
  --- @field max_width number?: without `width`, the widest it grows before its text is fitted
  --- @field height number?: the most height its text may take (lines past it are cut with "…")
  --- @field wrap boolean?: with a width, break the text into lines that fit (the same as `fit = "wrap"`)
  --- @field fit TextFit?: how text wider than the label's width fits: "shrink" (default), "wrap", "ellipsis" or "none"
  --- @field min_size number?: the smallest size "shrink" goes to (half of `size`)
  --- @field name string?: the text sprite's name, for tests
  --- @field tag string?: the text sprite's tag
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method text() string: the text
  --- @method set_text(text: string) Label: replaces the text; a layout holding the label makes room for it
  --- @method set_color(color: Color) Label: changes the colour
  --- @method set_width(width: number) Label: gives it a fixed width (a stretching column calls this)
  --- @example local title = tide.ui.label{ text = "Memory", size = 32, name = "title" }
  label = require("tide.ui.label"),
  --- A rounded box with a label that calls `on_press` when tapped. It darkens while the finger is
  --- down, fades when disabled (and then ignores taps), and takes no input while hidden.
  --- @class Button : Widget
  --- @field text string?: the label
  --- @field on_press fun(button: Button)?: called on a tap (or `:press()`) while enabled and shown
  --- @field style "primary"|"secondary"|"danger"|"plain"?: the look; "primary" by default
  --- @field width number?: default: the label's width plus 48, at least `min_width` (120)
  --- @field min_width number?: the narrowest it gets without a `width`
  --- @field max_width number?: the widest it gets without a `width`
  --- @field fit TextFit?: how a label too long for the button fits: "shrink" (default; then cut with "…"), "wrap" or "ellipsis"
  --- @field min_size number?: the smallest size "shrink" goes to (half of `size`)
  --- @field height number?: 56 by default
  --- @field size number?: the label's points (theme.font_size)
  --- @field font string?: a font file in `assets/fonts/` (theme.font)
  --- @field fill Color?: the box's colour, instead of the style's
  --- @field color Color?: the label's colour, instead of the style's
  --- @field radius number?: corner radius (14)
  --- @field enabled boolean?: false starts it disabled
  --- @field name string?: the box's name (the label is `<name>_label`)
  --- @field tag string?: the box's tag
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method text() string: the label
  --- @method set_text(text: string) Button: changes the label
  --- @method set_enabled(enabled: boolean) Button: disabled, it is faded and ignores taps
  --- @method set_width(width: number) Button: sets the width (a stretching column calls this)
  --- @method press() Button: presses it from code: calls `on_press` when it is enabled and shown
  --- @example tide.ui.button{ text = "Play", name = "play", on_press = function() tide.ui.go("play") end }
  button = button,
  --- A box you tap to type into. A blinking caret shows the focus; typed text and backspace edit
  --- it; the placeholder shows while it is empty. Once edited or left, an invalid field turns red
  --- and says why beneath. One field has the focus at a time; tapping elsewhere or "return" takes
  --- it away, and an open alert holds back all typing. On a phone or tablet playing a served game
  --- (`tide run --serve`), a tap on it brings up the device's keyboard, digits for a `numeric`
  --- field (its box's `keyboard`).
  --- @class TextField : Widget
  --- @field text string?: the starting text
  --- @field placeholder string?: shown while empty
  --- @field max_length integer?: at most this many characters go in
  --- @field numeric boolean?: a whole number: other characters (typos) are dropped; a point, comma or sign, a value outside `min`..`max` or longer than `max_length` stays as typed but is refused, the field saying the range ("Whole numbers from 1 to 100"); never rewritten ("1.5" is not 15)
  --- @field min integer?: a numeric field's least value
  --- @field max integer?: a numeric field's greatest value
  --- @field required boolean?: empty is invalid, with `required_message` ("Required")
  --- @field required_message string?: what an empty required field says
  --- @field validate fun(text: string, field: TextField)?: returns nil when the text is acceptable, or a string saying why not; a numeric field asks it first for the words when it refuses a number (else it says the range)
  --- @field on_change fun(field: TextField, text: string)?: called on each edit by the player
  --- @field on_submit fun(field: TextField, text: string)?: called on "return"
  --- @field on_blur fun(field: TextField)?: called when it loses the focus
  --- @field width number?: 280 by default
  --- @field height number?: 48 by default
  --- @field size number?: points (theme.font_size)
  --- @field font string?: a font file in `assets/fonts/` (theme.font)
  --- @field enabled boolean?: false starts it disabled
  --- @field name string?: the box's name (the text is `<name>_text`)
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method text() string: the text
  --- @method number() number?: the text as a number, nil when it is not one (numeric: nil unless a whole number it takes)
  --- @method longest_text() string?: the longest text it takes (`max_length` of "W", or of "0" when numeric), for a label's `layout_text`
  --- @method set_text(text: string) TextField: replaces the text from code (no `on_change`; not marked as edited)
  --- @method focus() TextField: takes the focus, as a tap would
  --- @method blur() TextField: gives the focus up
  --- @method is_focused() boolean: whether it has the focus
  --- @method is_valid() boolean: whether `error()` is nil
  --- @method error() string?: why the text is not acceptable, or nil
  --- @method set_enabled(enabled: boolean) TextField: disabled, it ignores taps and typing
  --- @example tide.ui.text_field{ name = "game_time", numeric = true, min = 10, max = 120, max_length = 3 }
  text_field = require("tide.ui.text_field"),
  --- A value from `min` to `max` in steps of `step`: drag the thumb, or tap the track to jump
  --- there; the value shows at the right end.
  --- @class Slider : Widget
  --- @field min number?: 0 by default
  --- @field max number?: 10 by default
  --- @field step number?: 1 by default (whole numbers)
  --- @field value number?: the starting value (`min`)
  --- @field width number?: 280 by default
  --- @field show_value boolean?: false hides the value at the right end
  --- @field format fun(value: number)?: returns the value's text (`tostring` by default)
  --- @field on_change fun(slider: Slider, value: number)?: called when the player moves it
  --- @field enabled boolean?: false starts it disabled
  --- @field name string?: the root's name (the thumb is `<name>_thumb`)
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method value() number: the value
  --- @method set_value(value: number) Slider: sets it from code (snapped to a step, kept in range; no `on_change`)
  --- @method set_enabled(enabled: boolean) Slider: disabled, it ignores drags and taps
  slider = require("tide.ui.slider"),
  --- A row of mutually exclusive choices; the chosen one is highlighted. Each segment is named
  --- `<name>_<id>`.
  --- @class Segmented : Widget
  --- @field options table: `{ { id = "rounds", text = "By rounds" }, ... }` or plain strings; at least two
  --- @field value string?: the chosen id (the first by default)
  --- @field on_change fun(segmented: Segmented, id: string)?: called when the player picks one
  --- @field width number?: 300 by default
  --- @field height number?: 48 by default
  --- @field size number?: the labels' points (20)
  --- @field enabled boolean?: false starts it disabled
  --- @field name string?: the root's name
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method value() string: the chosen id
  --- @method set_value(id: string) Segmented: chooses `id` from code (no `on_change`)
  --- @method set_enabled(enabled: boolean) Segmented: disabled, it ignores taps
  segmented = require("tide.ui.segmented"),
  --- A modal card with a title, a message and buttons, shown at once. A dimmed sheet over the
  --- whole screen swallows every tap and drag, and typing is held back from text fields, until a
  --- button dismisses it.
  --- @class Alert : Widget
  --- @field title string?: the heading
  --- @field message string?: the text under it, wrapped
  --- @field buttons table?: `{ { text = "OK", on_press = function(alert) end, style = , name = }, ... }`; one "OK" by default; any button dismisses
  --- @field on_dismiss fun(alert: Alert)?: called when it goes, by a button or `:dismiss()`
  --- @field width number?: default: the screen's width less 48, at most 380
  --- @field name string?: "alert" by default; parts are `<name>_title`, `<name>_message`
  --- @method dismiss() Alert: removes it without calling any button's `on_press`
  --- @method is_open() boolean: whether it is still shown
  alert = require("tide.ui.alert"),
  --- Lays widgets out top to bottom: `tide.ui.column{ widget, widget, ..., spacing = 12 }`. A
  --- column starts out as wide as the screen, so one screen lays out on a phone and a tablet;
  --- hidden widgets give up their place, and a widget that changes size lays it out again.
  --- @class Column : Widget
  --- @field spacing number?: between widgets (12)
  --- @field align "center"|"left"|"right"|"stretch"?: across the column ("center")
  --- @field justify "top"|"center"|"bottom"?: down a column of fixed `height` ("top")
  --- @field padding number?: inside the edges (0)
  --- @field max_width number?: keeps the content this narrow on wide screens
  --- @field x number?: 0 by default
  --- @field y number?: 0 by default
  --- @field width number?: tide.screen.width by default
  --- @field height number?: nil: as tall as the widgets
  --- @field name string?: the group's name
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method add(widget: Widget) Column: adds a widget at the end
  --- @method layout() Column: places the widgets again (called for you when one changes)
  column = layout.column,
  --- Lays widgets out left to right: `tide.ui.row{ widget, widget, ..., spacing = 12 }`.
  --- @class Row : Widget
  --- @field spacing number?: between widgets (12)
  --- @field align "center"|"top"|"bottom"?: down the row ("center")
  --- @field justify "center"|"start"|"end"|"space_between"?: along a row of fixed `width` ("center")
  --- @field width number?: nil: as wide as the widgets
  --- @field name string?: the group's name
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  --- @method add(widget: Widget) Row: adds a widget at the end
  --- @method layout() Row: places the widgets again (called for you when one changes)
  row = layout.row,
  --- Empty room in a column or row.
  --- @class Spacer : Widget
  --- @field height number?: 0 by default
  --- @field width number?: 0 by default
  --- @field x number?: where the widget's `anchor` point goes across its parent (with `y`)
  --- @field y number?: where the widget's `anchor` point goes down its parent
  --- @field anchor Anchor?: the widget's point at `x`, `y` ("top_left")
  --- @field parent Sprite?: the sprite it is added to
  --- @field visible boolean?: false starts it hidden
  spacer = layout.spacer,
  --- Defines a screen: a scene whose `definition` (enter, leave, update and your methods) also
  --- takes `background`, a colour filling the screen beneath everything (`self.background` is that
  --- sprite), and `build(self, params)`. A screen is rebuilt each time it is shown, so keep what
  --- must survive the trip (typed names, chosen options) in a table outside it.
  --- @param name string: the screen's name, as `tide.ui.go` takes it
  --- @param definition table: the scene definition, with `background` and `build`
  screen = navigation.screen,
  --- Shows screen `name`, remembering this one for `tide.ui.back`; each arrival slides a curtain of
  --- the previous screen's background off the new one.
  --- @param name string: the screen
  --- @param params table?: handed to its `build` and `enter`
  --- @param opts { replace?: boolean, transition?: string }?: `replace = true` forgets this screen instead (a launch screen); `transition = "none"` skips the slide
  go = navigation.go,
  --- Returns to the previous screen (entering it afresh with the params it had).
  --- @return boolean: false when there is none
  back = navigation.back,
  --- Whether `tide.ui.back` has a screen to return to.
  --- @return boolean
  can_go_back = navigation.can_go_back,
  --- Forgets the history and shows screen `name` without a slide.
  --- @param name string: the screen
  --- @param params table?: handed to it
  reset = navigation.reset,
}

-- The least a finger's tap target should be, each side (Material's 48 dp; Apple asks 44 pt).
local FINGER = 48

--- A round "i" button (a secondary `Button`): `tide.ui.info_button{ on_press, size = 40, name = "info" }`.
--- However small it is drawn, it takes taps over at least 48 by 48 points around its centre.
--- @param opts { on_press?: fun(button: Button), size?: number, name?: string, x?: number, y?: number, anchor?: Anchor, visible?: boolean, parent?: Sprite }?: `size` defaults to 40, `name` to "info"
--- @return Button
function ui.info_button(opts)
  opts = core.options("info_button", opts)
  local size = opts.size or 40
  local info = button{
    text = "i", on_press = opts.on_press, name = opts.name or "info", width = size, height = size,
    radius = size / 2, style = "secondary", size = size * 0.6, x = opts.x, y = opts.y, anchor = opts.anchor,
    visible = opts.visible, parent = opts.parent,
  }
  if size < FINGER then
    -- An empty group draws nothing but takes taps for the button it sits in.
    local margin = (FINGER - size) / 2
    tide.sprite.group{ parent = info.sprite, x = -margin, y = -margin, w = FINGER, h = FINGER, name = info.sprite.name .. "_reach" }
  end
  return info
end

--- A button that goes back a screen: `tide.ui.back_button{ text = "‹ Back", name = "back" }`.
--- @param opts { text?: string, style?: "primary"|"secondary"|"danger"|"plain", name?: string, width?: number, height?: number, size?: number, x?: number, y?: number, anchor?: Anchor }?: defaults `text` "‹ Back", `style` "secondary", `name` "back", `height` 44, `size` 20
--- @return Button
function ui.back_button(opts)
  opts = core.options("back_button", opts)
  return button{
    text = opts.text or "‹ Back", style = opts.style or "secondary", name = opts.name or "back",
    on_press = function() navigation.back() end, x = opts.x, y = opts.y, anchor = opts.anchor,
    width = opts.width, height = opts.height or 44, size = opts.size or 20,
  }
end

--- The text field with the focus, or nil.
--- @return TextField?
function ui.focused() return core.state().focused end

--- The screen shown (its name), as `tide.ui.go` and `tide.ui.back` see it.
--- @return string?
function ui.current()
  local current = core.state().current
  return current and current.name
end

return ui
