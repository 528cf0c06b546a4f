"""What Streamlit itself writes on a director's page, in her club's language, in Debian's chromium:
the page's declared language (what a screen reader reads it in), the skip link, the labels a screen
reader reads (the sidebar's buttons, a number's steppers, a field's help) and what a select box
tells it in its live region when it opens ("4 options available.")."""
import pytest

from browser import settle, sign_in, streamlit_server

pytestmark = pytest.mark.browser
playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

SAID = ("[...document.querySelectorAll('[aria-label],[placeholder]')].flatMap(e => "
        "[e.getAttribute('aria-label'), e.getAttribute('placeholder')].filter(Boolean))")


def test_streamlit_s_own_words_are_the_club_s_language_for_a_screen_reader(tmp_path, browser):
    from polling import accounts, organisations, setup
    url = f"sqlite:///{tmp_path / 'huddle.sqlite'}"
    setup.prepare_database(url=url, load_examples=False)
    organisations.set_language(organisations.DEFAULT_ORGANISATION, "fr", url=url)
    accounts.create_user("td", "table-director", "director", "Tess Director", url=url)
    accounts.create_user("dirk", "eigen-taal", "director", "Dirk", url=url)
    accounts.set_language("dirk", "nl", url=url)                             # his own language
    with streamlit_server({"HUDDLE_DATABASE_URL": url, "HUDDLE_SECRET_KEY": "screen-reader"}) as base:
        context = browser.new_context()
        page = context.new_page()
        sign_in(page, base, "td", "table-director", "/table")
        expect(page.get_by_role("heading", name="À la table")).to_be_visible(timeout=60_000)
        assert page.evaluate("document.documentElement.lang") == "fr"
        expect(page.get_by_text("Aller au contenu principal")).to_have_count(1)
        page.get_by_text("Résultat à la table et mains", exact=False).click()
        expect(page.get_by_role("combobox", name="Déclarant")).to_be_visible(timeout=60_000)
        # the whole page drawn before its words are read (once, on a loaded machine, read half drawn)
        expect(page.locator('[aria-label^="Aide pour "]').first).to_be_attached(timeout=60_000)
        settle(page)
        labels = page.evaluate(SAID)
        assert {"Barre latérale", "Diminuer", "Augmenter", "Choisissez une option"} <= set(labels), labels
        assert not {"Sidebar", "Decrement", "Increment", "Choose an option"} & set(labels), labels
        assert any(label.startswith("Aide pour ") for label in labels), labels
        page.get_by_role("combobox", name="Déclarant").click()
        expect(page.locator("[aria-live]").first).to_have_text("4 options disponibles.", timeout=10_000)
        context.close()

        context = browser.new_context()                    # an account with its own language: its pages in it
        page = context.new_page()
        sign_in(page, base, "dirk", "eigen-taal", "/table")
        expect(page.get_by_role("heading", name="Aan tafel")).to_be_visible(timeout=60_000)
        assert page.evaluate("document.documentElement.lang") == "nl"
        expect(page.get_by_text("Naar de hoofdinhoud")).to_have_count(1)
        context.close()
